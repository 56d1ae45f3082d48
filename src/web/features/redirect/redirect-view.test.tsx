import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../testing/render';
import { RedirectView } from './redirect-view';
import { stubFetch } from '../../testing/fetch-stub';

const fetchMock = stubFetch();

async function expectErrorView() {
  expect(await screen.findByRole('heading', { name: 'Oops!' })).toBeInTheDocument();
  expect(screen.getByText('Não foi possível encontrar este link.')).toBeInTheDocument();
  expect(screen.getByText('Link não encontrado ou expirado.')).toBeInTheDocument();
}

describe('RedirectView', () => {
  it('shows the error view at once when the server already answered 404', async () => {
    renderWithApp(<RedirectView alias="sumiu" knownMissing />);
    await expectErrorView();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the spinner while asking, with a HEAD request that does not follow the redirect', () => {
    fetchMock.mockReturnValue(new Promise<Response>(() => {}));
    renderWithApp(<RedirectView alias="promo" knownMissing={false} leave={vi.fn()} />);
    expect(screen.getByText('Redirecionando para o seu link...')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith('/promo', expect.objectContaining({ method: 'HEAD', redirect: 'manual' }));
  });

  it('replaces the page with the short link when the server redirects', async () => {
    fetchMock.mockResolvedValue(Object.defineProperty(new Response(null, { status: 200 }), 'type', { value: 'opaqueredirect' }));
    const leave = vi.fn();
    renderWithApp(<RedirectView alias="promo" knownMissing={false} leave={leave} />);
    await vi.waitFor(() => expect(leave).toHaveBeenCalledWith('/promo'));
    expect(screen.getByText('Redirecionando para o seu link...')).toBeInTheDocument();
  });

  it.each([200, 401, 410, 429, 503])("loads the short link when the server has a page of its own for it (HEAD %i: password, expired, blocked…)", async (status) => {
    fetchMock.mockResolvedValue(new Response(null, { status }));
    const leave = vi.fn();
    renderWithApp(<RedirectView alias="protegido" knownMissing={false} leave={leave} />);
    await vi.waitFor(() => expect(leave).toHaveBeenCalledWith('/protegido'));
    expect(screen.queryByRole('heading', { name: 'Oops!' })).toBeNull();
  });

  it('shows the error view when the alias does not exist, with a way home', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 404 }));
    const user = userEvent.setup();
    renderWithApp(<RedirectView alias="nada" knownMissing={false} leave={vi.fn()} />);
    await expectErrorView();
    // The title is set by an effect after the commit that showed the view, which a busy
    // machine may run after findByRole has resolved: wait for it.
    await expect.poll(() => document.title).toContain('Link não encontrado');
    await user.click(screen.getByRole('link', { name: 'Voltar para a Home' }));
    expect(screen.getByText('Página inicial')).toBeInTheDocument();
  });

  it('shows the error view when the lookup fails', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    renderWithApp(<RedirectView alias="nada" knownMissing={false} leave={vi.fn()} />);
    await expectErrorView();
  });
});
