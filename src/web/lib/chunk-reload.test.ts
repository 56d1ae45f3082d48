import { describe, expect, it, vi } from 'vitest';
import { reloadForFailedChunk } from './chunk-reload';

describe('reloadForFailedChunk', () => {
  it('reloads a page that was opened or navigated to', () => {
    for (const type of ['navigate', 'back_forward', 'prerender']) {
      const reload = vi.fn();
      expect(reloadForFailedChunk(reload, { type }), type).toBe(true);
      expect(reload, type).toHaveBeenCalledTimes(1);
    }
  });

  it('never reloads a page that is a reload already (no loop when the chunk stays out of reach)', () => {
    const reload = vi.fn();
    expect(reloadForFailedChunk(reload, { type: 'reload' })).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });

  it('reloads where the browser reports no navigation entry', () => {
    const reload = vi.fn();
    expect(reloadForFailedChunk(reload, undefined)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
