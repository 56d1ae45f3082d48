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

  it("trusts the server's 404 mark for the address the page was loaded at", async () => {
    const meta = document.createElement('meta');
    meta.name = 'app-status';
    meta.content = '404';
    document.head.append(meta);
    renderWithApp(<RedirectPage />, { path: '/sumiu', route: '/:alias' });
    expect(await screen.findByRole('heading', { name: 'Oops!' })).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks the server when there is no 404 mark', () => {
    renderWithApp(<RedirectPage />, { path: '/promo', route: '/:alias' });
    expect(screen.getByText('Redirecionando para o seu link...')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
