// The page's only script: the page arrives rendered (entry-server.tsx) and readable, so the
// browser paints it first; then the app (boot.tsx) is fetched, evaluated, and hydrates it.
// Fetching and evaluating ~350 KB of JavaScript before the first paint would hold the paint
// back on a slow phone. (With the stylesheet inline, the paint comes right after the HTML, so
// starting the fetch after it costs next to nothing; a modulepreload was tried and measured
// worse: Lighthouse counts a request begun before the paint as part of the paint.)
import './styles.css';

let started = false;
function start(): void {
  if (started) return;
  started = true;
  void import('./boot');
}

// After the next frame has been painted; a tab opened in the background paints no frames, so
// a timer starts the app there too.
requestAnimationFrame(() => setTimeout(start, 0));
setTimeout(start, 300);
