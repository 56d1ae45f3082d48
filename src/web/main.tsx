// The page's only script: the page arrives rendered (entry-server.tsx) and readable, so the
// browser paints it first; then the app (boot.tsx) is fetched, evaluated, and hydrates it.
// Fetching and evaluating ~350 KB of JavaScript before the first paint would hold the paint
// back on a slow phone. (With the stylesheet inline, the paint comes right after the HTML, so
// starting the fetch after it costs next to nothing; a modulepreload was tried and measured
// worse: Lighthouse counts a request begun before the paint as part of the paint.)
import './styles.css';
import { preloadAppChunks } from './lib/preload-app-chunks';

let started = false;
function start(): void {
  if (started) return;
  started = true;
  stagedBoot().catch(bootFailed);
}

/**
 * A chunk of the app could not be fetched (a deploy replaced it, or the connection dropped): the
 * served page stays readable (its forms post without scripts) and its hidden bar (index.html)
 * says what is missing, with a way to try again; without it a page waiting for the app (the
 * dashboard's list) would spin for good. Not reloaded by itself: this file is the first script
 * of every page and stays small, and a deploy between a page and its first scripts is rare (a
 * page open since before one is handled in the app, lib/lazy-with-reload.ts).
 */
function bootFailed(): void {
  document.getElementById('boot-failed')?.removeAttribute('hidden');
}

function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

// The app in three stages, each evaluated in a task of its own: React DOM (210 KB), the router
// and Radix, then the app, which hydrates. Evaluated as one graph they made one task that a
// throttled phone turns into 250-370 ms with the page frozen; Lighthouse's blocking time is the
// sum of each task's time past 50 ms, so three shorter tasks block far less than one long one
// (docs/performance.md, "First paint"). Each stage's chunk is already in the module map when
// the next one imports it, so nothing is evaluated twice. Before any of them, every chunk is
// fetched and compiled without being evaluated (lib/preload-app-chunks.ts), so that each
// stage's task is only its evaluation.
async function stagedBoot(): Promise<void> {
  await preloadAppChunks();
  await nextTask();
  await import('./lib/boot-stage-react');
  await nextTask();
  await import('./lib/boot-stage-ui');
  await nextTask();
  await import('./boot');
}

// Once the page's content has been painted (the first-contentful-paint entry). Waiting for
// "the next frame" instead raced the paint: in about half of Lighthouse's runs the app's fetch
// began before the content was painted, which its simulation then counted as part of the paint
// (LCP 1.7 s instead of 1.1 s on the home page, measured 5 runs). A tab opened in the background
// paints nothing, and a browser without paint timing reports nothing: a timer starts the app there.
const FALLBACK_MS = 1500;
if (typeof PerformanceObserver !== 'undefined' && PerformanceObserver.supportedEntryTypes?.includes('paint')) {
  const painted = new PerformanceObserver((list) => {
    if (list.getEntriesByName('first-contentful-paint').length === 0) return;
    painted.disconnect();
    setTimeout(start, 0);
  });
  painted.observe({ type: 'paint', buffered: true });
  setTimeout(start, FALLBACK_MS);
} else {
  requestAnimationFrame(() => setTimeout(start, 0));
  setTimeout(start, 300);
}
