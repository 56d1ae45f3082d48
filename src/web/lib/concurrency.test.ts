import { describe, expect, it } from 'vitest';
import { createLimiter, sleep } from './concurrency';

describe('createLimiter', () => {
  it('runs at most `limit` tasks at once, in order, and passes results and errors through', async () => {
    const limit = createLimiter(2);
    let running = 0;
    let peak = 0;
    const started: number[] = [];
    const task = (id: number) => async () => {
      started.push(id);
      running += 1;
      peak = Math.max(peak, running);
      await sleep(5);
      running -= 1;
      if (id === 3) throw new Error('falhou');
      return id * 10;
    };
    const results = await Promise.allSettled([1, 2, 3, 4, 5].map((id) => limit(task(id))));
    expect(peak).toBe(2);
    expect(started).toEqual([1, 2, 3, 4, 5]);
    expect(results.map((result) => (result.status === 'fulfilled' ? result.value : 'erro'))).toEqual([10, 20, 'erro', 40, 50]);
  });
});

describe('sleep', () => {
  it('rejects with an AbortError when aborted', async () => {
    const controller = new AbortController();
    const waiting = sleep(10_000, controller.signal);
    controller.abort();
    await expect(waiting).rejects.toMatchObject({ name: 'AbortError' });
  });
});
