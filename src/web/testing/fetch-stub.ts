import { afterEach, beforeEach, vi } from 'vitest';

/**
 * Replaces the global fetch with a mock for every test of the calling file: reset and
 * installed before each test, the real fetch restored after. Call it at the top level of the
 * file, before the file's own hooks, which can then give the mock a behaviour.
 */
export function stubFetch() {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });
  return fetchMock;
}
