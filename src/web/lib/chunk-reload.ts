// The app's scripts are named by their content (Vite's hashes), so a deploy replaces them: a
// tab opened before it asks for chunks that are gone (404), and so does one whose connection
// dropped for a moment. A failed import stays failed (React.lazy keeps the rejection), which
// left the page blank for good. On such a failure the page is loaded again: the server sends
// the new build's page. Not when this page is itself a reload (ours, after a first failure, or
// the visitor's): then the chunk is out of reach for another reason, and the caller says so
// instead of reloading in a loop. (No storage needed to remember it, and a few bytes: this is
// in the home's first bundle.)

/** Reloads the page unless it is a reload already. True when the reload is on its way. */
export function reloadForFailedChunk(
  reload = (): void => window.location.reload(),
  navigation: { type: string } | undefined = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined,
): boolean {
  if (navigation?.type === 'reload') return false;
  reload();
  return true;
}
