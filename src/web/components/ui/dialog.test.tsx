// The order of a dialog's buttons: Tab follows the DOM, so the DOM must be the order shown on
// every width. A reversed flex (flex-col-reverse on phones) drew the last button on top and sent
// Tab upwards; each dialog writes its buttons in the order they are meant to be seen.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../testing/render';
import { QrCodeDialog } from '../qr-code-dialog';
import { Dialog, DialogActions, DialogContent } from './dialog';

/** The row of buttons at the bottom of the open dialog (the parent of its last action). */
function actionsOf(dialog: HTMLElement, lastAction: string): HTMLElement {
  const row = within(dialog).getByRole('button', { name: lastAction }).parentElement;
  if (row === null) throw new Error('no actions row');
  return row;
}

/** No flex direction that draws the children in another order than the DOM's, on any width. */
function expectNoReversedOrder(row: HTMLElement): void {
  expect([...row.classList].filter((name) => /(^|:)(flex-(row|col)-reverse|order-)/.test(name))).toEqual([]);
}

describe('DialogActions', () => {
  it('stacks on phones and makes a row from sm, in the DOM order on both', () => {
    renderWithApp(
      <Dialog open>
        <DialogContent title="Título">
          <DialogActions>
            <button type="button">Cancelar</button>
            <button type="button">Confirmar</button>
          </DialogActions>
        </DialogContent>
      </Dialog>,
    );
    const row = actionsOf(screen.getByRole('dialog'), 'Confirmar');
    expect(row).toHaveClass('flex', 'flex-col', 'sm:flex-row', 'sm:justify-end');
    expectNoReversedOrder(row);
    expect(within(row).getAllByRole('button').map((button) => button.textContent)).toEqual(['Cancelar', 'Confirmar']);
  });
});

describe('QrCodeDialog', () => {
  it('offers SVG then PNG, in that order on screen and for Tab (the first has the first focus)', () => {
    renderWithApp(<QrCodeDialog url="http://localhost:3000/promo" fileName="qr-code-promo" open onOpenChange={() => undefined} />);
    const dialog = screen.getByRole('dialog', { name: 'QR code do link' });
    const row = actionsOf(dialog, 'Baixar PNG');
    expectNoReversedOrder(row);
    expect(within(row).getAllByRole('button').map((button) => button.textContent)).toEqual(['Baixar SVG', 'Baixar PNG']);
    expect(within(dialog).getByRole('button', { name: 'Baixar SVG' })).toHaveFocus();
  });
});
