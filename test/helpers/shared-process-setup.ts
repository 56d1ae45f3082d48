// The server tests' files share one process (vitest.config.ts): whatever a file changes in the
// test runner's globals is put back after it, so the next file starts from the real clock and
// unwrapped objects even when a test failed before its own clean-up.
import { afterAll, vi } from 'vitest';

afterAll(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});
