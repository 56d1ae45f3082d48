import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../testing/render';
import { DeleteLinkDialog } from './delete-link-dialog';

const LINK = { alias: 'promo', shortUrl: 'http://localhost:3000/promo', url: 'https://exemplo.com.br/promo', createdAt: '2025-11-01T12:00:00.000Z', manageToken: 'token-promo' };

describe('DeleteLinkDialog', () => {
  // Tab follows the DOM: Cancelar is written first, so it is drawn first too (on top on a
  // phone, at the left otherwise), and it has the first focus (the safe choice).
  it('puts Cancelar before "Excluir link", in the DOM and on screen, with the first focus on Cancelar', () => {
    renderWithApp(<DeleteLinkDialog link={LINK} onClose={() => undefined} onDone={() => undefined} onCloseAutoFocus={() => undefined} />);
    const dialog = screen.getByRole('alertdialog', { name: 'Excluir este link?' });
    const cancel = within(dialog).getByRole('button', { name: 'Cancelar' });
    const row = cancel.parentElement as HTMLElement;
    expect(within(row).getAllByRole('button').map((button) => button.textContent)).toEqual(['Cancelar', 'Excluir link']);
    expect([...row.classList].filter((name) => name.includes('reverse'))).toEqual([]);
    expect(cancel).toHaveFocus();
    // Said before it is done: the alias is retired with the link.
    expect(dialog).toHaveAccessibleDescription(
      'Esta ação é permanente e não pode ser desfeita. O link deixará de funcionar, os cliques registrados serão apagados e o endereço não poderá ser usado de novo.',
    );
  });
});
