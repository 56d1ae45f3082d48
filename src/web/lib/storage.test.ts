import { afterEach, describe, expect, it, vi } from 'vitest';
import { readItem, writeItem } from './storage';

afterEach(() => {
  vi.restoreAllMocks();
  window.localStorage.clear();
});

describe('storage', () => {
  it('reads back what it wrote', () => {
    writeItem('chave-a', 'um');
    expect(readItem('chave-a')).toBe('um');
    expect(window.localStorage.getItem('chave-a')).toBe('um');
  });

  it('a write the full quota refuses is read back from memory, not the older stored value', () => {
    writeItem('chave-b', 'antigo');
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    writeItem('chave-b', 'novo');
    expect(readItem('chave-b')).toBe('novo');
    // Room again: the next write goes to storage, and storage is read from then on.
    setItem.mockRestore();
    writeItem('chave-b', 'depois');
    expect(window.localStorage.getItem('chave-b')).toBe('depois');
    window.localStorage.setItem('chave-b', 'de-outra-aba');
    expect(readItem('chave-b')).toBe('de-outra-aba');
  });
});
