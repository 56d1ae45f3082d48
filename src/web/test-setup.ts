import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { resetToasts } from './components/ui/use-toast';

// CI runs these tests beside Chromium and two database servers on two cores; there a role
// query over a whole page can take hundreds of milliseconds, so findBy/waitFor's 1 s default
// is too tight a bound for "the page got there". A real failure still fails, 3 s later.
configure({ asyncUtilTimeout: 3_000 });

// jsdom has no pointer capture; Radix Toast's swipe handling calls it.
if (!('hasPointerCapture' in Element.prototype)) {
  Object.assign(Element.prototype, {
    hasPointerCapture: () => false,
    setPointerCapture: () => undefined,
    releasePointerCapture: () => undefined,
  });
}

// jsdom's Blob has no text() (every browser the site supports has it).
if (!('text' in Blob.prototype)) {
  Object.assign(Blob.prototype, {
    text(this: Blob): Promise<string> {
      return new Promise((resolve, reject) => {
        const reader = new FileReader();
        reader.onload = () => resolve(String(reader.result));
        reader.onerror = () => reject(reader.error ?? new Error('read failed'));
        reader.readAsText(this);
      });
    },
  });
}

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  resetToasts();
  window.localStorage.clear();
  document.head.querySelectorAll('script[data-ad-slot]').forEach((el) => el.remove());
});
