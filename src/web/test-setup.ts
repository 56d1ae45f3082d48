import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { resetToasts } from './components/ui/use-toast';

// jsdom has no pointer capture; Radix Toast's swipe handling calls it.
if (!('hasPointerCapture' in Element.prototype)) {
  Object.assign(Element.prototype, {
    hasPointerCapture: () => false,
    setPointerCapture: () => undefined,
    releasePointerCapture: () => undefined,
  });
}

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  resetToasts();
  window.localStorage.clear();
  document.head.querySelectorAll('meta[name="app-status"], script[data-ad-slot]').forEach((el) => el.remove());
});
