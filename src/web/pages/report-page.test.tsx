import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../testing/render';
import { ReportPage } from './report-page';

describe('ReportPage', () => {
  it('has its heading and title, and prefills the link from ?alias=', async () => {
    renderWithApp(<ReportPage />, { path: '/denunciar?alias=xyz' });
    expect(screen.getByRole('heading', { level: 1, name: 'Denunciar link' })).toBeInTheDocument();
    expect(screen.getByText(/phishing, golpes, malware ou conteúdo ilegal/)).toBeInTheDocument();
    expect(screen.getByLabelText('Link encurtado')).toHaveValue('xyz');
    await expect.poll(() => document.title).toMatch(/^Denunciar link \| /);
  });

  it('starts empty without a query string', () => {
    renderWithApp(<ReportPage />, { path: '/denunciar' });
    expect(screen.getByLabelText('Link encurtado')).toHaveValue('');
  });
});
