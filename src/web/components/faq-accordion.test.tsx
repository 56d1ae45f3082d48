import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getFaqItems } from '../content/faq';
import { defaultSiteConfig } from '../lib/site-config';
import { FaqAccordion } from './faq-accordion';

const items = getFaqItems(defaultSiteConfig);

function question(index: number): HTMLElement {
  const item = items[index];
  if (!item) throw new Error(`no item ${index}`);
  return screen.getByText(item.question, { selector: 'summary' });
}

const isOpen = (index: number) => (question(index).parentElement as HTMLDetailsElement).open;

describe('FaqAccordion', () => {
  it('has the eight questions of the FAQ page, the first one open, every answer in the markup', () => {
    const { container } = render(<FaqAccordion items={items} />);
    expect(container.querySelectorAll('summary')).toHaveLength(8);
    expect(isOpen(0)).toBe(true);
    for (let i = 1; i < 8; i++) expect(isOpen(i)).toBe(false);
    for (const item of items) expect(container.textContent).toContain(item.answer[0]);
  });

  it("ends the support answer with a plain link to the API's documentation", () => {
    const { container } = render(<FaqAccordion items={items} />);
    const support = container.querySelector('details:last-of-type');
    const paragraphs = [...(support?.querySelectorAll('p') ?? [])].map((p) => p.textContent);
    expect(paragraphs).toEqual([
      `Envie uma mensagem pela página de Contato ou escreva para ${defaultSiteConfig.contactEmail}. Respondemos em dias úteis.`,
      'Para integrar seu sistema, veja a documentação da API.',
    ]);
    expect(screen.getByRole('link', { name: 'documentação da API', hidden: true })).toHaveAttribute('href', '/api/docs');
    // The address, same words, opens the mail app in one tap.
    expect(screen.getByRole('link', { name: defaultSiteConfig.contactEmail, hidden: true })).toHaveAttribute('href', `mailto:${defaultSiteConfig.contactEmail}`);
  });

  it('toggles items independently', async () => {
    const user = userEvent.setup();
    render(<FaqAccordion items={items.slice(0, 3)} />);
    await user.click(question(1));
    expect(isOpen(0)).toBe(true);
    expect(isOpen(1)).toBe(true);
    await user.click(question(0));
    expect(isOpen(0)).toBe(false);
    expect(isOpen(1)).toBe(true);
    expect(isOpen(2)).toBe(false);
  });

  it('moves between questions with the arrow keys, Home and End', async () => {
    const user = userEvent.setup();
    render(<FaqAccordion items={items.slice(0, 3)} />);
    await user.tab();
    expect(question(0)).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(question(1)).toHaveFocus();
    await user.keyboard('{End}');
    expect(question(2)).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(question(0)).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(question(2)).toHaveFocus();
    await user.keyboard('{Home}');
    expect(question(0)).toHaveFocus();
  });
});
