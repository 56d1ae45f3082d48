// The console's times read in the site's zone (STATS_TIMEZONE), whatever zone the machine
// rendering them is in, and say which zone that is: the same audit entry read the same in São
// Paulo, Manaus and on a UTC server only if the browser's zone plays no part. The tests run in
// the host's zone (UTC on CI; a worker thread cannot change it): each site zone below differs
// from at least that one, so a time taken from the process's zone fails here.
import { act, screen, within } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuditEntry } from '../../../shared/admin-api';
import { formatDateTime, setDateTimeZone } from '../../lib/format-on-demand';
import { defaultSiteConfig, SiteConfigProvider } from '../../lib/site-config';
import { stubFetch } from '../../testing/fetch-stub';
import { jsonResponse, renderWithApp } from '../../testing/render';
import { AuditSection } from './audit-section';
import { ConsoleProvider } from './console-context';
import { ConsoleLayout } from './console-layout';

const fetchMock = stubFetch();
const AT = '2026-11-23T09:39:00.000Z';

const entry: AuditEntry = { id: 1, at: AT, actor: 'ana@example.com', via: 'console', action: 'link.disable', target: 'promo', detail: null };

const processZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
const processTime = new Intl.DateTimeFormat('pt-BR', { timeStyle: 'short' }).format(new Date(AT));

beforeEach(() => {
  // Each test starts as a fresh page would, with the module's default zone.
  setDateTimeZone(defaultSiteConfig.statsTimeZone);
});

describe("the console's times", () => {
  it.each([
    ['America/Sao_Paulo', '06:39', 'Datas e horas no horário de Brasília.'],
    ['America/Manaus', '05:39', 'Datas e horas no fuso horário America/Manaus.'],
    ['Asia/Tokyo', '18:39', 'Datas e horas no fuso horário Asia/Tokyo.'],
  ])('an audit entry reads in the site zone %s, named once above the section', async (zone, time, note) => {
    fetchMock.mockResolvedValue(jsonResponse({ entries: [entry], nextCursor: null }));
    renderWithApp(
      <ConsoleProvider session={{ operator: { email: 'ana@example.com' }, csrfToken: 'token' }} onSessionEnded={() => undefined}>
        <ConsoleLayout email="ana@example.com" current="audit" onSignOut={() => undefined} signingOut={false}>
          <AuditSection />
        </ConsoleLayout>
      </ConsoleProvider>,
      { path: '/admin/registro', route: '/admin/*', site: { statsTimeZone: zone } },
    );
    const row = await screen.findByTestId('audit-1');
    const when = within(row).getAllByRole('cell')[0];
    expect(when).toHaveTextContent(time);
    if (zone !== processZone) expect(when).not.toHaveTextContent(processTime);
    expect(screen.getAllByText(note)).toHaveLength(1);
  });
});

describe('server HTML and hydration', () => {
  const roots: HTMLElement[] = [];
  afterEach(() => {
    for (const root of roots.splice(0)) root.remove();
  });

  it('the server writes the site-zone time and the note, and the browser hydrates them without a mismatch', async () => {
    // A zone other than the process's (and the module's default), so that neither could pass for it.
    const zone = processZone === 'Asia/Tokyo' ? 'America/Manaus' : 'Asia/Tokyo';
    const time = zone === 'Asia/Tokyo' ? '18:39' : '05:39';
    function Stamp() {
      return <p data-testid="stamp">{formatDateTime(AT)}</p>;
    }
    const app = (
      <SiteConfigProvider config={{ ...defaultSiteConfig, statsTimeZone: zone }}>
        <MemoryRouter initialEntries={['/admin/registro']}>
          <ConsoleLayout email="ana@example.com" current="audit" onSignOut={() => undefined} signingOut={false}>
            <Stamp />
          </ConsoleLayout>
        </MemoryRouter>
      </SiteConfigProvider>
    );
    const html = renderToString(app);
    expect(html).toContain(time);
    expect(html).toContain(`Datas e horas no fuso horário ${zone}.`);

    // The browser's module starts at its default zone, as a freshly loaded page does.
    setDateTimeZone(defaultSiteConfig.statsTimeZone);
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    roots.push(container);
    const recoverable = vi.fn();
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      await act(async () => {
        hydrateRoot(container, app, { onRecoverableError: recoverable });
      });
      expect(recoverable).not.toHaveBeenCalled();
      expect(consoleError).not.toHaveBeenCalled();
    } finally {
      consoleError.mockRestore();
    }
    expect(within(container).getByTestId('stamp')).toHaveTextContent(time);
  });

  it('an unknown zone leaves the times in the previous one rather than breaking the console', () => {
    setDateTimeZone('America/Manaus');
    setDateTimeZone('Nowhere/Atlantis');
    expect(formatDateTime(AT)).toContain('05:39');
  });
});
