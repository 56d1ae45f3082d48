// React.lazy for the app's chunks, with the one reload of lib/chunk-reload.ts when a chunk
// cannot be fetched. While the reload is on its way the Suspense fallback stays; past the
// reload (a second failure), the error reaches the page's error boundary (app/page-error-boundary.tsx).
import { type ComponentType, lazy, type LazyExoticComponent } from 'react';
import { reloadForFailedChunk } from './chunk-reload';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own constraint
export function lazyWithReload<T extends ComponentType<any>>(load: () => Promise<{ default: T }>): LazyExoticComponent<T> {
  return lazy(() =>
    load().catch((error: unknown) => {
      if (reloadForFailedChunk()) return new Promise<never>(() => {});
      throw error;
    }),
  );
}
