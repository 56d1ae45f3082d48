import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toastRegion } from '../../testing/render';
import { TOAST_DURATION_MS, Toaster } from './toaster';
import { toast } from './use-toast';

afterEach(() => {
  vi.useRealTimers();
});

describe('Toaster', () => {
  it('shows one toast at a time: a new one replaces the previous', () => {
    render(<Toaster />);
    act(() => toast({ title: 'Primeiro', description: 'um' }));
    act(() => toast({ title: 'Segundo', description: 'dois' }));
    const region = toastRegion();
    expect(region.querySelectorAll('li')).toHaveLength(1);
    expect(within(region).getByText('Segundo')).toBeInTheDocument();
    expect(within(region).queryByText('Primeiro')).not.toBeInTheDocument();
  });

  it('closes after 5000 ms', () => {
    vi.useFakeTimers();
    render(<Toaster />);
    act(() => toast({ title: 'Some', description: 'logo' }));
    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS - 50));
    expect(within(toastRegion()).getByText('Some')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1000));
    expect(within(toastRegion()).queryByText('Some')).not.toBeInTheDocument();
  });

  it('has a labelled notification area reachable with F8 and a close button', async () => {
    const user = userEvent.setup();
    render(<Toaster />);
    act(() => toast({ title: 'Olá', variant: 'destructive' }));
    expect(screen.getByRole('region', { name: 'Notificações (F8)' })).toBeInTheDocument();
    fireEvent.keyDown(document, { key: 'F8', code: 'F8' });
    expect(toastRegion()).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Fechar' }));
    await vi.waitFor(() => expect(within(toastRegion()).queryByText('Olá')).not.toBeInTheDocument());
  });
});
