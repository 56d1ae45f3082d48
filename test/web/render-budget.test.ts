import { describe, expect, it } from 'vitest';
import { createRenderBudget } from '../../src/server/web/render-budget.js';

describe('createRenderBudget', () => {
  it('a second of renders at once, then as many a second as allowed', () => {
    let now = 0;
    let refused = 0;
    const budget = createRenderBudget(5, { now: () => now, refused: () => refused++ });
    const takes = (n: number) => Array.from({ length: n }, () => budget.take()).filter(Boolean).length;
    expect(takes(8)).toBe(5);
    expect(refused).toBe(3);
    now += 200;
    expect(takes(3)).toBe(1);
    now += 1_000;
    expect(takes(10)).toBe(5);
    // Idle for long: never more than a second's worth.
    now += 60_000;
    expect(takes(10)).toBe(5);
  });

  it('a budget below one a second still allows one, then one every 1/rate seconds', () => {
    let now = 0;
    const budget = createRenderBudget(0.5, { now: () => now });
    expect(budget.take()).toBe(true);
    expect(budget.take()).toBe(false);
    now += 1_999;
    expect(budget.take()).toBe(false);
    now += 1;
    expect(budget.take()).toBe(true);
  });

  it('a clock set back (the server reads the wall clock) neither refills the bucket nor leaves it in debt', () => {
    let now = 1_000_000;
    const budget = createRenderBudget(2, { now: () => now });
    expect([budget.take(), budget.take(), budget.take()]).toEqual([true, true, false]);
    now -= 3_600_000;
    expect(budget.take()).toBe(false);
    // From the new time on, the bucket refills as usual: not an hour's debt to pay back.
    now += 500;
    expect(budget.take()).toBe(true);
  });
});
