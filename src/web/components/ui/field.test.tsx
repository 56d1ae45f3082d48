import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Input, Select, Textarea } from './field';

// jsdom computes no Tailwind CSS: this checks the classes chosen. The colour itself is checked
// in real Chromium (test/e2e/create-link.test.ts, the invalid field's border).
describe('form controls', () => {
  it('style a refused value through aria-invalid, which outranks the grey and focus borders', () => {
    render(
      <>
        <Input aria-label="a" aria-invalid />
        <Textarea aria-label="b" aria-invalid />
        <Select aria-label="c" aria-invalid />
      </>,
    );
    for (const name of ['a', 'b', 'c']) {
      const control = screen.getByLabelText(name);
      expect(control).toHaveAttribute('aria-invalid', 'true');
      expect(control).toHaveClass('border-slate-300', 'aria-invalid:border-red-500', 'aria-invalid:focus:border-red-500', 'aria-invalid:focus:ring-red-500/30');
      // A plain colour class would tie with border-slate-300 and lose in the built CSS.
      expect(control).not.toHaveClass('border-red-500');
    }
  });
});
