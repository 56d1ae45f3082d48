import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CompactCount, formatCompactCount } from './compact-count';

describe('formatCompactCount', () => {
  it('writes a large count as pt-BR shortens it, with at most three significant digits (figure and unit never split)', () => {
    expect(formatCompactCount(1_000_000)).toBe('1\u00a0mi');
    expect(formatCompactCount(1_234_567)).toBe('1,23\u00a0mi');
    expect(formatCompactCount(12_345_678)).toBe('12,3\u00a0mi');
    expect(formatCompactCount(123_456_789)).toBe('123\u00a0mi');
    expect(formatCompactCount(3_703_704_105)).toBe('3,7\u00a0bi');
    expect(formatCompactCount(1_500_000_000_000)).toBe('1,5\u00a0tri');
  });
});

describe('CompactCount', () => {
  it('shows a count under a million in full, once', () => {
    const { container } = render(<CompactCount value={999_999} />);
    expect(container.innerHTML).toBe('999.999');
  });

  it('from a million: the short form on screen (the exact figure as its tooltip), the exact one for screen readers', () => {
    const { container } = render(<CompactCount value={123_456_789} />);
    const [shown, spoken] = container.querySelectorAll('span');
    expect(shown).toHaveTextContent('123 mi');
    expect(shown).toHaveAttribute('aria-hidden', 'true');
    expect(shown).toHaveAttribute('title', '123.456.789');
    expect(spoken).toHaveTextContent('123.456.789');
    expect(spoken).toHaveClass('sr-only');
  });
});
