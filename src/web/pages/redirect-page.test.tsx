import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderWithApp } from '../testing/render';
import { RedirectPage } from './redirect-page';
import { stubFetch } from '../testing/fetch-stub';

const fetchMock = stubFetch();

beforeEach(() => {
  fetchMock.mockReturnValue(new Promise<Response>(() => {}));
});

describe('RedirectPage', () => {
  it('goes home when there is no alias', () => {
    renderWithApp(<RedirectPage />, { path: '/a/b', route: '/a/:other' });
    expect(screen.getByText('Página inicial')).toBeInTheDocument();
  });

  it("trusts the server's 404 for the address the page was loaded at", async () => {
    renderWithApp(<RedirectPage />, { path: '/sumiu', route: '/:alias', context: { status: 404 } });
    expect(await screen.findByRole('heading', { name: 'Oops!' })).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("keeps the link's page the server answered with (expired, password) and asks nothing", () => {
    renderWithApp(<RedirectPage />, { path: '/protegido', route: '/:alias', context: { linkGate: 'password-wrong' } });
    expect(screen.getByRole('heading', { level: 1, name: 'Este link é protegido por senha.' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Senha incorreta.');
    expect(screen.queryByText('Redirecionando para o seu link...')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks the server when the page was not served as a 404', () => {
    renderWithApp(<RedirectPage />, { path: '/promo', route: '/:alias' });
    expect(screen.getByText('Redirecionando para o seu link...')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
