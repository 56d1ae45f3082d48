import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getFaqItems } from '../content/faq';
import { defaultSiteConfig } from '../lib/site-config';
import { FaqAccordion } from './faq-accordion';

const items = getFaqItems(defaultSiteConfig);

function trigger(index: number): HTMLElement {
  const item = items[index];
  if (!item) throw new Error(`no item ${index}`);
  return screen.getByRole('button', { name: item.question });
}

describe('FaqAccordion', () => {
  it('has the eight questions of the FAQ page, the first one open', () => {
    render(<FaqAccordion items={items} />);
    expect(screen.getAllByRole('button')).toHaveLength(8);
    expect(trigger(0)).toHaveAttribute('aria-expanded', 'true');
    for (let i = 1; i < 8; i++) expect(trigger(i)).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText(items[0]?.answer[0] ?? '')).toBeVisible();
  });

  it('toggles items independently', async () => {
    const user = userEvent.setup();
    render(<FaqAccordion items={items.slice(0, 3)} />);
    await user.click(trigger(1));
    expect(trigger(0)).toHaveAttribute('aria-expanded', 'true');
    expect(trigger(1)).toHaveAttribute('aria-expanded', 'true');
    await user.click(trigger(0));
    expect(trigger(0)).toHaveAttribute('aria-expanded', 'false');
    expect(trigger(1)).toHaveAttribute('aria-expanded', 'true');
    expect(trigger(2)).toHaveAttribute('aria-expanded', 'false');
  });

  it('works from the keyboard', async () => {
    const user = userEvent.setup();
    render(<FaqAccordion items={items.slice(0, 3)} />);
    await user.tab();
    expect(trigger(0)).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(trigger(1)).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(trigger(1)).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard(' ');
    expect(trigger(1)).toHaveAttribute('aria-expanded', 'false');
  });
});
