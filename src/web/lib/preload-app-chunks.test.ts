import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appChunkUrls, preloadAppChunks } from './preload-app-chunks';

function setChunks(content: string) {
  const meta = document.createElement('meta');
  meta.name = 'app-chunks';
  meta.content = content;
  document.head.append(meta);
}

const preloads = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')];

/** Whether the promise has settled after everything already queued has run. */
async function settled(promise: Promise<void>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((resolve) => setTimeout(resolve, 0));
  return done;
}

// jsdom knows no modulepreload; Chromium, Firefox and Safari 17 do.
beforeEach(() => {
  vi.spyOn(DOMTokenList.prototype, 'supports').mockImplementation((token) => token === 'modulepreload');
});
afterEach(() => {
  vi.restoreAllMocks();
  document.head.innerHTML = '';
});

describe('preloadAppChunks', () => {
  it('does nothing without the build tag (vite dev)', async () => {
    expect(appChunkUrls(document)).toEqual([]);
    await preloadAppChunks();
    expect(preloads()).toHaveLength(0);
  });

  it('adds one modulepreload per listed chunk, in order, with the credentials mode of an import()', () => {
    setChunks(' /assets/react-a.js   /assets/ui-b.js\n/assets/app-c.js ');
    void preloadAppChunks();
    const links = preloads();
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/assets/react-a.js', '/assets/ui-b.js', '/assets/app-c.js']);
    for (const link of links) expect(link.getAttribute('crossorigin')).toBe('');
  });

  it('in a browser without modulepreload, resolves at once and adds nothing (it would never hear back)', async () => {
    vi.spyOn(DOMTokenList.prototype, 'supports').mockReturnValue(false);
    setChunks('/assets/react-a.js');
    expect(await settled(preloadAppChunks())).toBe(true);
    expect(preloads()).toHaveLength(0);
  });

  it('resolves only once every chunk has loaded or failed', async () => {
    setChunks('/assets/react-a.js /assets/ui-b.js');
    const done = preloadAppChunks();
    const [first, second] = preloads();
    expect(await settled(done)).toBe(false);
    first?.dispatchEvent(new Event('load'));
    expect(await settled(done)).toBe(false);
    // A failed preload does not hold the app back: its import() reports the failure.
    second?.dispatchEvent(new Event('error'));
    expect(await settled(done)).toBe(true);
  });
});
