import { describe, expect, it } from 'vitest';
import { formatDateTime, setDateTimeZone } from './format-on-demand';

describe('formatDateTime', () => {
  it('writes an instant as dd/mm/aaaa and a 24-hour time in the site zone, as Meus links does', () => {
    setDateTimeZone('America/Sao_Paulo');
    expect(formatDateTime('2025-11-21T17:30:00Z')).toBe('21/11/2025 14:30');
    expect(formatDateTime('2025-03-05T02:07:00Z')).toBe('04/03/2025 23:07');
    expect(formatDateTime('não é data')).toBe('não é data');
  });
});
