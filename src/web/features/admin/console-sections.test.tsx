// The console's sections in jsdom, each inside a signed-in console with a stubbed API: where
// keyboard focus goes after a dialog or an action, a refused field's message under it, the
// report card's offer to block a domain, the overview's scrollable table, the audit log's key
// rows.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AdminApiKey, AdminLink, AdminReportGroup, AdminReportTarget, AuditEntry } from '../../../shared/admin-api';
import { stubFetch } from '../../testing/fetch-stub';
import { jsonResponse, renderWithApp, toastRegion } from '../../testing/render';
import { AuditSection } from './audit-section';
import { BlocklistSection } from './blocklist-section';
import { ConsoleProvider } from './console-context';
import { KeysSection } from './keys-section';
import { LinksSection } from './links-section';
import { OverviewSection } from './overview-section';
import { ReportsSection } from './reports-section';
import { SignInForm } from './sign-in-form';

const fetchMock = stubFetch();

const SESSION = { operator: { email: 'ana@example.com' }, csrfToken: 'token' };

const renderSection = (section: ReactElement, path = '/admin') =>
  renderWithApp(
    <ConsoleProvider session={SESSION} onSessionEnded={() => undefined}>
      {section}
    </ConsoleProvider>,
    { path, route: '/admin/*' },
  );

const link = (alias: string, state: AdminLink['state'] = 'active'): AdminLink => ({
  alias,
  shortUrl: `http://localhost:3000/${alias}`,
  url: `https://example.com/${alias}`,
  createdAt: '2026-11-23T12:00:00.000Z',
  totalClicks: 3,
  state,
  disabledAt: null,
  hasOptions: false,
  apiKeyId: null,
});

/** The links search answering `links()` (read on every load), and every action with its message. */
function linksApi(links: () => AdminLink[]) {
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (init?.method === 'DELETE' || init?.method === 'POST') return jsonResponse({ outcome: 'changed', message: 'Feito' });
    if (url.startsWith('/api/admin/links')) return jsonResponse({ mode: 'recent', links: links(), retired: null, nextCursor: null, tookMs: 1 });
    throw new Error(`unexpected ${url}`);
  });
}

beforeEach(() => {
  fetchMock.mockReturnValue(new Promise<Response>(() => {}));
});

describe('focus after a dialog or an action', () => {
  it('closing a confirmation with Escape or "Cancelar" gives focus back to the button that opened it', async () => {
    linksApi(() => [link('promo')]);
    renderSection(<LinksSection />, '/admin/links');
    const card = await screen.findByTestId('link-promo');
    const remove = within(card).getByRole('button', { name: 'Excluir' });

    await userEvent.click(remove);
    await screen.findByRole('dialog', { name: 'Excluir promo?' });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(remove).toHaveFocus());

    await userEvent.click(remove);
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(remove).toHaveFocus());
  });

  it('a confirmation writes Cancelar before its action (Tab follows the order shown), and Cancelar has the first focus', async () => {
    linksApi(() => [link('promo')]);
    renderSection(<LinksSection />, '/admin/links');
    await userEvent.click(within(await screen.findByTestId('link-promo')).getByRole('button', { name: 'Excluir' }));
    const dialog = await screen.findByRole('dialog', { name: 'Excluir promo?' });
    const cancel = within(dialog).getByRole('button', { name: 'Cancelar' });
    const row = cancel.parentElement as HTMLElement;
    expect(within(row).getAllByRole('button').map((button) => button.textContent)).toEqual(['Cancelar', 'Excluir']);
    expect([...row.classList].filter((name) => name.includes('reverse'))).toEqual([]);
    await waitFor(() => expect(cancel).toHaveFocus());
  });

  it('a deleted link takes its button away: focus goes to the section heading, not to <body>', async () => {
    let links = [link('promo'), link('outro')];
    linksApi(() => links);
    renderSection(<LinksSection />, '/admin/links');
    await userEvent.click(within(await screen.findByTestId('link-promo')).getByRole('button', { name: 'Excluir' }));
    links = [link('outro')];
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Excluir' }));
    await waitFor(() => expect(screen.queryByTestId('link-promo')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: 'Links' })).toHaveFocus());
  });

  it('a revoked key loses its "Revogar": focus goes to the section heading', async () => {
    const key = (revokedAt: string | null): AdminApiKey => ({
      id: 1,
      name: 'Loja da Ana',
      prefix: 'ebr_0123456789abcdef',
      perMinute: null,
      effectivePerMinute: 60,
      createdAt: '2026-11-23T12:00:00.000Z',
      revokedAt,
      links: 0,
    });
    let revoked: string | null = null;
    fetchMock.mockImplementation(async (input, init) => {
      if (init?.method === 'POST') {
        revoked = '2026-11-24T12:00:00.000Z';
        return jsonResponse({ outcome: 'changed', message: 'Revogada: chave 1.' });
      }
      expect(String(input)).toBe('/api/admin/keys');
      return jsonResponse({ keys: [key(revoked)], defaultPerMinute: 60 });
    });
    renderSection(<KeysSection />, '/admin/chaves');
    await userEvent.click(await screen.findByRole('button', { name: 'Revogar' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Revogar' }));
    await screen.findByText(/^Revogada em/);
    expect(screen.queryByRole('button', { name: 'Revogar' })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: 'Chaves de API' })).toHaveFocus());
  });

  it('a created key takes focus, so the warning and the key are read first', async () => {
    fetchMock.mockImplementation(async (_input, init) => {
      if (init?.method === 'POST') return jsonResponse({ id: 7, name: 'Loja da Ana', perMinute: null, key: 'ebr_0123456789abcdef_segredo', createdAt: '2026-11-23T12:00:00.000Z' }, 201);
      return jsonResponse({ keys: [], defaultPerMinute: 60 });
    });
    renderSection(<KeysSection />, '/admin/chaves');
    await userEvent.type(await screen.findByLabelText('Nome'), 'Loja da Ana');
    await userEvent.click(screen.getByRole('button', { name: 'Criar chave' }));
    const issued = await screen.findByRole('region', { name: 'Chave criada: Loja da Ana' });
    await waitFor(() => expect(issued).toHaveFocus());
  });
});

describe('a field the server refused: its message under it, not only in the toast', () => {
  /** The field's error: what its aria-describedby names besides the hint (which it keeps). */
  function errorOf(field: HTMLElement, hintId: string): HTMLElement | null {
    const ids = (field.getAttribute('aria-describedby') ?? '').split(' ');
    expect(ids).toContain(hintId);
    const errorId = ids.find((id) => id !== hintId);
    return errorId === undefined ? null : document.getElementById(errorId);
  }

  it('blocklist: a refused domain is marked invalid with the server\'s words, until it is changed', async () => {
    const refusal = 'com.br é um sufixo público: bloqueá-lo bloquearia todos os sites sob ele. Informe o domínio de um site, como exemplo.com.br.';
    // Refused when the form asks what the block would do: no confirmation opens, nothing is sent.
    fetchMock.mockImplementation(async (input, init) =>
      init?.method === 'POST'
        ? jsonResponse({ outcome: 'changed', message: 'Feito' })
        : String(input).startsWith('/api/admin/blocklist/impact')
          ? jsonResponse({ error: { code: 'invalid_domain', message: refusal } }, 400)
          : jsonResponse({ domains: [], total: 0, nextCursor: null }),
    );
    renderSection(<BlocklistSection />, '/admin/bloqueios');
    const domain = await screen.findByLabelText('Domínio');
    expect(domain).not.toHaveAttribute('aria-invalid');
    await userEvent.type(domain, 'com.br{Enter}');
    await waitFor(() => expect(domain).toHaveAttribute('aria-invalid', 'true'));
    expect(errorOf(domain, 'admin-block-domain-hint')).toHaveTextContent(refusal);
    expect(domain).toHaveAccessibleDescription(expect.stringContaining(refusal));
    expect(domain).toHaveFocus();
    // The toast says it too.
    expect(within(toastRegion()).getByText(refusal)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toEqual([]);

    await userEvent.type(domain, 'x');
    expect(domain).not.toHaveAttribute('aria-invalid');
    expect(errorOf(domain, 'admin-block-domain-hint')).toBeNull();
    expect(document.getElementById('admin-block-domain-error')).toBeNull();
  });

  it('keys: an empty name goes to the server, and its words show under the field, until the name is changed', async () => {
    const refusal = 'Dê à chave um nome de 1 a 100 caracteres.';
    fetchMock.mockImplementation(async (_input, init) =>
      init?.method === 'POST' ? jsonResponse({ error: { code: 'invalid_key_name', message: refusal } }, 400) : jsonResponse({ keys: [], defaultPerMinute: 60 }),
    );
    renderSection(<KeysSection />, '/admin/chaves');
    const name = await screen.findByLabelText('Nome');
    expect(name).toHaveAttribute('aria-required', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Criar chave' }));
    await waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'));
    const sent = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(sent?.[1]?.body))).toEqual({ name: '' });
    expect(errorOf(name, 'admin-key-name-hint')).toHaveTextContent(refusal);
    expect(name).toHaveFocus();
    expect(within(toastRegion()).getByText(refusal)).toBeInTheDocument();

    await userEvent.type(name, 'L');
    expect(name).not.toHaveAttribute('aria-invalid');
    expect(errorOf(name, 'admin-key-name-hint')).toBeNull();
  });

  it('keys: a refusal of another field (the limit) stays in the toast, the name is not marked', async () => {
    const refusal = 'O limite por minuto deve ser um número inteiro de 1 a 1.000.000.';
    fetchMock.mockImplementation(async (_input, init) =>
      init?.method === 'POST' ? jsonResponse({ error: { code: 'invalid_per_minute', message: refusal } }, 400) : jsonResponse({ keys: [], defaultPerMinute: 60 }),
    );
    renderSection(<KeysSection />, '/admin/chaves');
    await userEvent.type(await screen.findByLabelText('Nome'), 'Loja');
    await userEvent.type(screen.getByLabelText('Limite por minuto (opcional)'), '0{Enter}');
    expect(await within(toastRegion()).findByText(refusal)).toBeInTheDocument();
    expect(screen.getByLabelText('Nome')).not.toHaveAttribute('aria-invalid');
  });
});

describe('reports', () => {
  const group = (alias: string, state: AdminReportGroup['state'], domainBlocked = state === 'blocked'): AdminReportGroup => ({
    alias,
    url: `https://${alias}.example.net/x`,
    domain: `${alias}.example.net`,
    state,
    domainBlocked,
    reports: 2,
    firstReportedAt: '2026-11-23T12:00:00.000Z',
    lastReportedAt: '2026-11-23T13:00:00.000Z',
    reasons: ['golpe'],
    lastReportId: 8,
  });

  it('offers "Bloquear domínio" only for a link whose domain is not blocked yet', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ groups: [group('phish', 'blocked'), group('golpe', 'active')], openReports: 4 }));
    renderSection(<ReportsSection />, '/admin/denuncias');
    const blocked = await screen.findByTestId('report-phish');
    expect(within(blocked).getByText('Bloqueado pelo domínio')).toBeInTheDocument();
    expect(within(blocked).queryByRole('button', { name: 'Bloquear domínio' })).not.toBeInTheDocument();
    expect(within(blocked).getByRole('button', { name: 'Resolver' })).toBeInTheDocument();
    expect(within(screen.getByTestId('report-golpe')).getByRole('button', { name: 'Bloquear domínio' })).toBeInTheDocument();
  });

  it('a link at the bound of stored reports says "50 ou mais" (later ones were answered, not stored); under it, the exact count', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ groups: [{ ...group('lotado', 'active'), reports: 50 }, { ...group('quase', 'active'), reports: 49 }], openReports: 99 }));
    renderSection(<ReportsSection />, '/admin/denuncias');
    expect(within(await screen.findByTestId('report-lotado')).getByText('50 ou mais denúncias')).toBeInTheDocument();
    expect(within(screen.getByTestId('report-quase')).getByText('49 denúncias')).toBeInTheDocument();
  });

  it('a disabled link under a blocked domain says both, and offers no block', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ groups: [group('ambos', 'disabled', true), group('so-desat', 'disabled')], openReports: 4 }));
    renderSection(<ReportsSection />, '/admin/denuncias');
    const both = await screen.findByTestId('report-ambos');
    expect(within(both).getByText('Desativado')).toBeInTheDocument();
    expect(within(both).getByText('Bloqueado pelo domínio')).toBeInTheDocument();
    expect(within(both).queryByRole('button', { name: 'Bloquear domínio' })).not.toBeInTheDocument();
    const disabledOnly = screen.getByTestId('report-so-desat');
    expect(within(disabledOnly).queryByText('Bloqueado pelo domínio')).not.toBeInTheDocument();
    expect(within(disabledOnly).getByRole('button', { name: 'Bloquear domínio' })).toBeInTheDocument();
  });

  it('each action on a card sends the latest report it showed, so reports filed since stay open; the toast says what the server did', async () => {
    const sent: { url: string; body: unknown }[] = [];
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (init?.method === 'POST') {
        sent.push({ url, body: JSON.parse(String(init.body)) });
        return jsonResponse({ outcome: 'changed', message: '8 denúncias resolvidas: golpe; chegaram 3 novas.' });
      }
      if (url.startsWith('/api/admin/blocklist/impact')) return jsonResponse({ domain: 'golpe.example.net', links: 1, more: false, ip: false, blocked: false });
      return jsonResponse({ groups: [group('golpe', 'active')], openReports: 2 });
    });
    renderSection(<ReportsSection />, '/admin/denuncias');
    const card = await screen.findByTestId('report-golpe');
    await userEvent.click(within(card).getByRole('button', { name: 'Resolver' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Resolver as denúncias de golpe?' })).getByRole('button', { name: 'Resolver' }));
    expect(await within(toastRegion()).findByText('8 denúncias resolvidas: golpe; chegaram 3 novas.')).toBeInTheDocument();
    await userEvent.click(within(await screen.findByTestId('report-golpe')).getByRole('button', { name: 'Desativar link' }));
    await userEvent.click(within(await screen.findByTestId('report-golpe')).getByRole('button', { name: 'Bloquear domínio' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Bloquear domínio' }));
    await waitFor(() => expect(sent).toHaveLength(3));
    expect(sent).toEqual([
      { url: '/api/admin/reports/golpe/resolve', body: { upTo: 8 } },
      { url: '/api/admin/reports/golpe/disable', body: { upTo: 8 } },
      { url: '/api/admin/reports/golpe/block-domain', body: { upTo: 8 } },
    ]);
  });

  it('a link deleted since it was reported shows as deleted with the target its reports recorded, and its domain can be blocked', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ groups: [group('apagado', 'missing')], openReports: 2 }));
    renderSection(<ReportsSection />, '/admin/denuncias');
    const card = await screen.findByTestId('report-apagado');
    expect(within(card).getByText('Excluído')).toBeInTheDocument();
    expect(within(card).getByText('https://apagado.example.net/x')).toBeInTheDocument();
    expect(within(card).getByText('apagado.example.net')).toBeInTheDocument();
    expect(within(card).getByText('O link já foi excluído; este era o destino quando foi denunciado.')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Desativar link' })).not.toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Bloquear domínio' })).toBeInTheDocument();
  });
});

describe('reports: every target, and the block dialog', () => {
  const LONG = `https://www.golpe-banco.com.br/${'caminho/'.repeat(240)}`;
  const target = (kind: AdminReportTarget['kind'], url: string, domains: string[], extra: Partial<AdminReportTarget> = {}): AdminReportTarget => ({
    kind,
    url,
    host: new URL(url).hostname,
    domains,
    ip: false,
    blocked: false,
    ...extra,
  });
  const group = (alias: string, targets: AdminReportTarget[]): AdminReportGroup => ({
    alias,
    url: targets[0]?.url ?? null,
    domain: targets[0]?.host ?? null,
    targets,
    state: 'active',
    domainBlocked: false,
    reports: 3,
    firstReportedAt: '2026-11-23T12:00:00.000Z',
    lastReportedAt: '2026-11-23T13:00:00.000Z',
    reasons: ['o app de iPhone pede a senha do banco'],
    lastReportId: 9,
  });
  /** The queue, each domain's count from `counts`, and every POST recorded. */
  function reportsApi(groups: AdminReportGroup[], counts: Record<string, number | 'more'>, sent: { url: string; body: unknown }[] = []) {
    fetchMock.mockImplementation(async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      if (init?.method === 'POST') {
        sent.push({ url: url.pathname, body: JSON.parse(String(init.body)) });
        return jsonResponse({ outcome: 'changed', message: 'Feito' });
      }
      if (url.pathname === '/api/admin/blocklist/impact') {
        const domain = url.searchParams.get('domain') ?? '';
        const n = counts[domain] ?? 0;
        return jsonResponse({ domain, links: n === 'more' ? 10_000 : n, more: n === 'more', ip: /^[\d.]+$/.test(domain), blocked: false });
      }
      return jsonResponse({ groups, openReports: 3, nextCursor: null });
    });
    return sent;
  }
  const choices = (dialog: HTMLElement) => within(dialog).getAllByRole('radio') as HTMLInputElement[];
  const checkedLabel = (dialog: HTMLElement) => choices(dialog).find((radio) => radio.checked)?.closest('label')?.textContent ?? 'nenhuma';

  it('shows each distinct target, labelled, with its domain; a very long target is cut to a line, whole in its title and behind "Mostrar tudo"', async () => {
    reportsApi(
      [
        group('app-golpe', [
          target('main', 'https://loja-boa.com.br/promo', ['loja-boa.com.br']),
          target('ios', LONG, ['www.golpe-banco.com.br', 'golpe-banco.com.br']),
          target('android', 'https://apk.golpe-banco.com.br/app.apk', ['apk.golpe-banco.com.br', 'golpe-banco.com.br'], { blocked: true }),
        ]),
      ],
      {},
    );
    renderSection(<ReportsSection />, '/admin/denuncias');
    const card = await screen.findByTestId('report-app-golpe');
    const labels = within(card).getAllByRole('term').map((term) => term.textContent);
    expect(labels.slice(0, 3)).toEqual(['Destino', 'Destino no iPhone', 'Destino no Android']);
    expect(within(within(card).getByTestId('target-main')).getByText('loja-boa.com.br')).toBeInTheDocument();
    expect(within(within(card).getByTestId('target-ios')).getByText('www.golpe-banco.com.br')).toBeInTheDocument();
    expect(within(within(card).getByTestId('target-android')).getByText(/domínio bloqueado/)).toBeInTheDocument();
    const long = within(card).getByText(LONG);
    expect(long).toHaveClass('truncate');
    expect(long).toHaveAttribute('title', LONG);
    const more = within(within(card).getByTestId('target-ios')).getByRole('button', { name: 'Mostrar tudo' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(more);
    expect(long).not.toHaveClass('truncate');
    expect(within(within(card).getByTestId('target-ios')).getByRole('button', { name: 'Mostrar menos' })).toHaveAttribute('aria-expanded', 'true');
    // A short one has nothing to show whole.
    expect(within(within(card).getByTestId('target-main')).queryByRole('button')).not.toBeInTheDocument();
  });

  it('targets on different domains: the dialog offers each one (host and whole domain) with its live links, chooses none for the operator, and blocks the one picked', async () => {
    const sent = reportsApi(
      [
        group('app-golpe', [
          target('main', 'https://loja-boa.com.br/promo', ['loja-boa.com.br']),
          target('ios', 'https://www.golpe-banco.com.br/ios', ['www.golpe-banco.com.br', 'golpe-banco.com.br']),
        ]),
      ],
      { 'loja-boa.com.br': 1, 'www.golpe-banco.com.br': 1, 'golpe-banco.com.br': 1234 },
    );
    renderSection(<ReportsSection />, '/admin/denuncias');
    await userEvent.click(within(await screen.findByTestId('report-app-golpe')).getByRole('button', { name: 'Bloquear domínio' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bloquear o domínio de app-golpe?' });
    await within(dialog).findByText('1.234 links ativos passam a responder "Link bloqueado".');
    expect(within(dialog).getAllByTestId('block-impact').map((line) => line.textContent)).toEqual([
      '1 link ativo passa a responder "Link bloqueado".',
      '1 link ativo passa a responder "Link bloqueado".',
      '1.234 links ativos passam a responder "Link bloqueado".',
    ]);
    expect(choices(dialog).map((radio) => radio.closest('label')?.querySelector('span span')?.textContent)).toEqual([
      'loja-boa.com.br (e subdomínios)',
      'www.golpe-banco.com.br (e subdomínios)',
      'golpe-banco.com.br (o domínio inteiro)',
    ]);
    expect(within(dialog).getByText('Os destinos estão em domínios diferentes: escolha qual bloquear.')).toBeInTheDocument();
    expect(checkedLabel(dialog)).toBe('nenhuma');
    const confirm = within(dialog).getByRole('button', { name: 'Bloquear domínio' });
    expect(confirm).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('radio', { name: /^golpe-banco\.com\.br/ }));
    expect(confirm).toBeEnabled();
    await userEvent.click(confirm);
    await waitFor(() => expect(sent).toEqual([{ url: '/api/admin/reports/app-golpe/block-domain', body: { upTo: 9, domain: 'golpe-banco.com.br' } }]));
  });

  it('one host: the whole registrable domain is chosen when it blocks no more live links than the host, the host when it would block others', async () => {
    const targets = [target('main', 'https://www.golpe-banco.com.br/entrar', ['www.golpe-banco.com.br', 'golpe-banco.com.br'])];
    reportsApi([group('so-www', targets)], { 'www.golpe-banco.com.br': 24, 'golpe-banco.com.br': 24 });
    const view = renderSection(<ReportsSection />, '/admin/denuncias');
    await userEvent.click(within(await screen.findByTestId('report-so-www')).getByRole('button', { name: 'Bloquear domínio' }));
    let dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(checkedLabel(dialog)).toMatch(/^golpe-banco\.com\.br/));
    expect(within(dialog).queryByText(/escolha qual bloquear/)).not.toBeInTheDocument();
    view.unmount();

    reportsApi([group('plataforma', [target('main', 'https://golpe.plataforma.com.br/', ['golpe.plataforma.com.br', 'plataforma.com.br'])])], {
      'golpe.plataforma.com.br': 2,
      'plataforma.com.br': 'more',
    });
    renderSection(<ReportsSection />, '/admin/denuncias');
    await userEvent.click(within(await screen.findByTestId('report-plataforma')).getByRole('button', { name: 'Bloquear domínio' }));
    dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(checkedLabel(dialog)).toMatch(/^golpe\.plataforma\.com\.br/));
    expect(within(dialog).getByText('Mais de 10.000 links ativos passam a responder "Link bloqueado".')).toBeInTheDocument();
  });

  it('an IP address target is offered as that address alone, and called one: no "(e subdomínios)", no "domínio"', async () => {
    reportsApi([group('alvo-ip', [target('main', 'http://203.0.114.9/banco', ['203.0.114.9'], { ip: true })])], { '203.0.114.9': 1 });
    renderSection(<ReportsSection />, '/admin/denuncias');
    await userEvent.click(within(await screen.findByTestId('report-alvo-ip')).getByRole('button', { name: 'Bloquear endereço IP' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bloquear o endereço IP de alvo-ip?' });
    expect(within(dialog).getByRole('radio', { name: /203\.0\.114\.9 \(só este endereço IP\)/ })).toBeChecked();
    expect(within(dialog).queryByText(/subdomínios/)).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Bloquear endereço IP' })).toBeEnabled();
    // Its buttons stay at the bottom of its scroll box on a short screen (sticky; measured at 320×568 in the e2e test).
    expect(within(dialog).getByRole('button', { name: 'Cancelar' }).parentElement).toHaveClass('sticky', 'bg-white');
  });

  it('"Resolver" asks first, like the other actions: Cancelar sends nothing', async () => {
    const sent = reportsApi([group('so-uma', [target('main', 'https://golpe.example.net/x', ['golpe.example.net'])])], {});
    renderSection(<ReportsSection />, '/admin/denuncias');
    const resolve = within(await screen.findByTestId('report-so-uma')).getByRole('button', { name: 'Resolver' });
    await userEvent.click(resolve);
    const dialog = await screen.findByRole('dialog', { name: 'Resolver as denúncias de so-uma?' });
    expect(dialog).toHaveTextContent('As 3 denúncias exibidas saem da fila sem outra ação: o link e o domínio continuam como estão.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(resolve).toHaveFocus());
    expect(sent).toEqual([]);
    await userEvent.click(resolve);
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Resolver' }));
    await waitFor(() => expect(sent).toEqual([{ url: '/api/admin/reports/so-uma/resolve', body: { upTo: 9 } }]));
  });
});

describe('links: every target', () => {
  it("a card shows the link's iPhone and Android targets where they differ from its main one", async () => {
    linksApi(() => [
      { ...link('com-apps'), iosUrl: 'https://apps.apple.com/app/golpe', androidUrl: 'https://example.com/com-apps' },
      { ...link('sem-apps'), iosUrl: null, androidUrl: null },
    ]);
    renderSection(<LinksSection />, '/admin/links');
    const card = await screen.findByTestId('link-com-apps');
    expect(within(card).getByTestId('target-ios')).toHaveTextContent('Destino no iPhone: https://apps.apple.com/app/golpe');
    expect(within(card).getByTestId('target-ios')).toHaveAttribute('title', 'https://apps.apple.com/app/golpe');
    // The Android target is the main one: shown once.
    expect(within(card).queryByTestId('target-android')).not.toBeInTheDocument();
    expect(within(screen.getByTestId('link-sem-apps')).queryByTestId('target-ios')).not.toBeInTheDocument();
  });
});

describe('reports: acting on a group loaded with "Carregar mais"', () => {
  it('reads every loaded page again: the queue keeps both pages', async () => {
    const group = (alias: string): AdminReportGroup => ({
      alias,
      url: `https://${alias}.example.net/x`,
      domain: `${alias}.example.net`,
      state: 'active',
      domainBlocked: false,
      reports: 1,
      firstReportedAt: '2026-11-23T12:00:00.000Z',
      lastReportedAt: '2026-11-23T13:00:00.000Z',
      lastReportId: 1,
      reasons: [],
    });
    const resolved = new Set<string>();
    fetchMock.mockImplementation(async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      if (init?.method === 'POST') {
        resolved.add(url.pathname.split('/')[4] ?? '');
        return jsonResponse({ outcome: 'changed', message: 'Resolvido' });
      }
      const second = url.searchParams.get('cursor') === 'c2';
      const groups = (second ? ['r3', 'r4', 'r5'] : ['r0', 'r1', 'r2']).filter((alias) => !resolved.has(alias)).map(group);
      return jsonResponse({ groups, openReports: 6 - resolved.size, nextCursor: second ? null : 'c2' });
    });
    renderSection(<ReportsSection />, '/admin/denuncias');
    await screen.findByTestId('report-r0');
    await userEvent.click(screen.getByRole('button', { name: 'Carregar mais' }));
    await userEvent.click(within(await screen.findByTestId('report-r4')).getByRole('button', { name: 'Resolver' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Resolver' }));
    await waitFor(() => expect(screen.queryByTestId('report-r4')).not.toBeInTheDocument());
    for (const alias of ['r0', 'r1', 'r2', 'r3', 'r5']) expect(screen.getByTestId(`report-${alias}`)).toBeInTheDocument();
  });
});

describe('overview', () => {
  it("the daily table behind 'Ver tabela' scrolls from the keyboard: a named region in the tab order", async () => {
    const daily = Array.from({ length: 90 }, (_, i) => ({ day: new Date(Date.UTC(2026, 7, 26 + i)).toISOString().slice(0, 10), linksCreated: i, clicks: i * 2 }));
    fetchMock.mockResolvedValue(
      jsonResponse({ today: '2026-11-23', daily, openReports: 0, reportedLinks: 0, topToday: [], topWeek: [], totals: { links: 2, disabledLinks: 0, blockedDomains: 0, activeKeys: 0 } }),
    );
    renderSection(<OverviewSection />);
    await userEvent.click(await screen.findByText('Ver tabela'));
    const scroller = screen.getByRole('region', { name: 'Links e cliques por dia, últimos 90 dias' });
    expect(within(scroller).getByRole('table')).toBeInTheDocument();
    // Tab from the summary reaches the scrolling box itself.
    await userEvent.tab();
    expect(scroller).toHaveFocus();
  });

  it("a most-clicked alias opens the console's search for it, never the short link (its target may be phishing)", async () => {
    const top = [{ alias: 'golpe', url: 'https://banco-falso.example/login', clicks: 12 }];
    fetchMock.mockResolvedValue(
      jsonResponse({ today: '2026-11-23', daily: [], openReports: 0, reportedLinks: 0, topToday: top, topWeek: top, totals: { links: 1, disabledLinks: 0, blockedDomains: 0, activeKeys: 0 } }),
    );
    renderSection(<OverviewSection />);
    const today = await screen.findByRole('table', { name: 'Mais clicados hoje' });
    expect(within(today).getByRole('link', { name: 'golpe' })).toHaveAttribute('href', '/admin/links?q=golpe');
    const links = screen.getAllByRole('link').map((anchor) => anchor.getAttribute('href') ?? '');
    expect(links.filter((href) => href.includes('localhost:3000') || href.endsWith('/golpe'))).toEqual([]);
  });
});

describe('audit log', () => {
  const entry = (id: number, action: AuditEntry['action'], target: string | null, detail: string | null): AuditEntry => ({
    id,
    at: '2026-11-23T12:00:00.000Z',
    actor: 'ana@example.com',
    via: 'console',
    action,
    target,
    detail,
  });

  it('names a key by "chave <id>" with its name in the detail, and an old row with the id alone stays readable', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse({
        entries: [entry(3, 'key.revoke', '1', '"Loja da Ana"'), entry(2, 'key.revoke', '9', null), entry(1, 'key.create', '1', '"Loja da Ana", 1.200/min')],
        nextCursor: null,
      }),
    );
    renderSection(<AuditSection />, '/admin/registro');
    const revoked = await screen.findByTestId('audit-3');
    expect(within(revoked).getByText('chave 1')).toBeInTheDocument();
    expect(within(revoked).getByText('"Loja da Ana"')).toBeInTheDocument();
    expect(within(screen.getByTestId('audit-2')).getByText('chave 9')).toBeInTheDocument();
    expect(within(screen.getByTestId('audit-1')).getByText('chave 1')).toBeInTheDocument();
    // The e-mail reads whole (it may only wrap before its '@').
    expect(within(revoked).getAllByRole('cell')[1]).toHaveTextContent('ana@example.com');
  });
});

describe('lists keep what was loaded, and show only what answers the query', () => {
  const page = (from: number, count: number) => Array.from({ length: count }, (_, i) => link(`l${from + i}`));

  it('an action on an item loaded with "Carregar mais" reads every loaded page again: the item stays, in its new state', async () => {
    const disabled = new Set<string>();
    const reads: string[] = [];
    fetchMock.mockImplementation(async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      if (init?.method === 'POST') {
        disabled.add(url.pathname.split('/')[4] ?? '');
        return jsonResponse({ outcome: 'changed', message: 'Desativado' });
      }
      const cursor = url.searchParams.get('cursor');
      reads.push(cursor ?? 'first');
      const items = (cursor === null ? page(0, 3) : cursor === 'c2' ? page(3, 3) : page(6, 2)).map((item) => (disabled.has(item.alias) ? { ...item, state: 'disabled' as const } : item));
      return jsonResponse({ mode: 'recent', links: items, retired: null, nextCursor: cursor === null ? 'c2' : cursor === 'c2' ? 'c3' : null, tookMs: 1 });
    });
    renderSection(<LinksSection />, '/admin/links');
    await screen.findByTestId('link-l0');
    await userEvent.click(screen.getByRole('button', { name: 'Carregar mais' }));
    await screen.findByTestId('link-l3');
    await userEvent.click(screen.getByRole('button', { name: 'Carregar mais' }));
    const card = await screen.findByTestId('link-l7');
    expect(screen.getAllByRole('listitem').filter((item) => item.dataset.testid?.startsWith('link-'))).toHaveLength(8);

    reads.length = 0;
    await userEvent.click(within(card).getByRole('button', { name: 'Desativar' }));
    await waitFor(() => expect(within(screen.getByTestId('link-l7')).getByText('Desativado')).toBeInTheDocument());
    expect(reads).toEqual(['first', 'c2', 'c3']);
    // The same element all along (keyed by alias): the page keeps its height and scroll position.
    expect(screen.getByTestId('link-l7')).toBe(card);
    expect(screen.getAllByRole('listitem').filter((item) => item.dataset.testid?.startsWith('link-'))).toHaveLength(8);
  });

  it('a search the server refuses: its words under the field, no results of the previous search, no retry', async () => {
    const refusal = 'Busque por um alias (ou o começo dele), um domínio ou uma URL completa com http:// ou https://.';
    fetchMock.mockImplementation(async (input) => {
      const q = new URL(String(input), 'http://localhost').searchParams.get('q');
      if (q === 'sorteio falso') return jsonResponse({ error: { code: 'invalid_search', message: refusal } }, 400);
      return jsonResponse({ mode: 'domain', links: [link('golpe')], retired: null, nextCursor: null, tookMs: 1 });
    });
    renderSection(<LinksSection />, '/admin/links?q=golpe-banco.com');
    await screen.findByTestId('link-golpe');
    const field = screen.getByLabelText('Buscar por alias, domínio ou URL');
    await userEvent.clear(field);
    await userEvent.type(field, 'sorteio falso{Enter}');
    // A new query mounts a new box (key={q}).
    const searched = () => screen.getByLabelText('Buscar por alias, domínio ou URL');
    await waitFor(() => expect(searched()).toHaveAttribute('aria-invalid', 'true'));
    expect(searched()).toHaveAccessibleDescription(expect.stringContaining(refusal));
    expect(screen.queryByTestId('link-golpe')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Desativar' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Tentar de novo' })).not.toBeInTheDocument();
    // Changing the text takes the error away.
    await userEvent.type(searched(), 'x');
    expect(searched()).not.toHaveAttribute('aria-invalid');
  });

  it('a load failure that is no refusal (503) keeps its retry', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ error: { code: 'service_unavailable', message: 'Serviço temporariamente indisponível.' } }, 503));
    renderSection(<LinksSection />, '/admin/links?q=golpe');
    expect(await screen.findByRole('button', { name: 'Tentar de novo' })).toBeInTheDocument();
    expect(screen.getByLabelText('Buscar por alias, domínio ou URL')).not.toHaveAttribute('aria-invalid');
  });
});

describe('a stale page: the thing acted on is gone', () => {
  function goneApi(state: { links: AdminLink[] }) {
    fetchMock.mockImplementation(async (input, init) => {
      if (init?.method === 'POST' || init?.method === 'DELETE') return jsonResponse({ error: { code: 'link_not_found', message: 'Link não encontrado ou expirado.' } }, 404);
      expect(String(input)).toMatch(/^\/api\/admin\/links/);
      return jsonResponse({ mode: 'recent', links: state.links, retired: null, nextCursor: null, tookMs: 1 });
    });
  }

  it.each([
    ['Reativar', 'disabled'],
    ['Desativar', 'active'],
  ] as const)('"%s" answered 404: the toast says the link was deleted, the list is read again and the card goes', async (button, linkState) => {
    const state = { links: [link('promo', linkState), link('outro')] };
    goneApi(state);
    renderSection(<LinksSection />, '/admin/links');
    const card = await screen.findByTestId('link-promo');
    state.links = [link('outro')];
    await userEvent.click(within(card).getByRole('button', { name: button }));
    await waitFor(() => expect(screen.queryByTestId('link-promo')).not.toBeInTheDocument());
    expect(within(toastRegion()).getByText('Este link já foi excluído. A lista foi atualizada.')).toBeInTheDocument();
    expect(within(toastRegion()).queryByText('Link não encontrado ou expirado.')).not.toBeInTheDocument();
  });

  it('"Excluir" answered 404: the dialog closes, the toast says it was already deleted, the card goes', async () => {
    const state = { links: [link('promo'), link('outro')] };
    goneApi(state);
    renderSection(<LinksSection />, '/admin/links');
    await userEvent.click(within(await screen.findByTestId('link-promo')).getByRole('button', { name: 'Excluir' }));
    state.links = [link('outro')];
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Excluir' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.queryByTestId('link-promo')).not.toBeInTheDocument());
    expect(within(toastRegion()).getByText('Este link já foi excluído.')).toBeInTheDocument();
  });

  it('"Desbloquear" answered 409: the dialog closes and the list is read again', async () => {
    let reads = 0;
    fetchMock.mockImplementation(async (_input, init) => {
      if (init?.method === 'DELETE') return jsonResponse({ error: { code: 'conflict', message: 'Mudou.' } }, 409);
      reads += 1;
      return jsonResponse({ domains: [{ domain: 'golpe.example', reason: null, createdAt: '2026-11-23T12:00:00.000Z', links: 0 }], total: 1, matching: 1, nextCursor: null });
    });
    renderSection(<BlocklistSection />, '/admin/bloqueios');
    await userEvent.click(within(await screen.findByTestId('blocked-golpe.example')).getByRole('button', { name: 'Desbloquear' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Desbloquear' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(reads).toBe(2));
  });
});

describe('links: how many the search found', () => {
  const answer = (links: AdminLink[], matching: unknown) => jsonResponse({ mode: 'domain', links, retired: null, nextCursor: null, matching, tookMs: 2 });

  it.each([
    [{ count: 3, more: false }, '3 links encontrados'],
    [{ count: 1, more: false }, '1 link encontrado'],
    [{ count: 1234, more: false }, '1.234 links encontrados'],
    [{ count: 1000, more: true }, 'Mais de 1.000 links encontrados'],
  ])('the server counts %o: "%s"', async (matching, text) => {
    fetchMock.mockResolvedValue(answer([link('promo')], matching));
    renderSection(<LinksSection />, '/admin/links?q=example.com');
    expect(await screen.findByTestId('admin-link-count')).toHaveTextContent(text);
    expect(screen.getByTestId('admin-search-mode')).toHaveTextContent(`Links para o domínio e seus subdomínios · ${text} · 2 ms`);
  });

  it('nothing found: the card says it once, no count beside the mode', async () => {
    fetchMock.mockResolvedValue(answer([], { count: 0, more: false }));
    renderSection(<LinksSection />, '/admin/links?q=example.com');
    expect(await screen.findByText('Nenhum link encontrado.')).toBeInTheDocument();
    expect(screen.queryByTestId('admin-link-count')).not.toBeInTheDocument();
  });

  it('a server of an older release sends no count: none is made up from the page loaded', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ mode: 'recent', links: [link('promo')], retired: null, nextCursor: null, tookMs: 2 }));
    renderSection(<LinksSection />, '/admin/links');
    await screen.findByTestId('link-promo');
    expect(screen.queryByTestId('admin-link-count')).not.toBeInTheDocument();
  });
});

describe('links: the short link is never a link to follow', () => {
  it('shows the short link as text with a copy button; no anchor leads to it', async () => {
    linksApi(() => [link('golpe')]);
    renderSection(<LinksSection />, '/admin/links');
    const card = await screen.findByTestId('link-golpe');
    expect(card.querySelectorAll('a')).toHaveLength(0);
    expect(within(card).getByText('http://localhost:3000/golpe')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Copiar link curto' })).toBeInTheDocument();
  });
});

describe('blocklist filter', () => {
  it('a filter says how many of the whole list it found', async () => {
    const entry = (domain: string) => ({ domain, reason: null, createdAt: '2026-11-23T12:00:00.000Z', links: 0 });
    fetchMock.mockResolvedValue(jsonResponse({ domains: [entry('golpe.example'), entry('golpe2.example')], total: 8, matching: 2, nextCursor: null }));
    renderSection(<BlocklistSection />, '/admin/bloqueios?q=golpe');
    expect(await screen.findByTestId('blocklist-count')).toHaveTextContent('2 de 8 domínios bloqueados');
  });
});

describe('blocklist: "Bloquear" asks first, saying what the block would do', () => {
  type Impact = { links: number | 'more'; ip?: boolean; blocked?: boolean; domains?: string[]; as?: string } | 'fails';
  /** The list (empty), each impact read answered from `impacts` by the domain asked, every POST recorded. */
  function blocklistApi(impacts: Record<string, Impact>, sent: unknown[] = []) {
    fetchMock.mockImplementation(async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      if (init?.method === 'POST') {
        sent.push(JSON.parse(String(init.body)));
        return jsonResponse({ outcome: 'changed', message: 'Bloqueado: feito' });
      }
      if (url.pathname === '/api/admin/blocklist/impact') {
        const asked = url.searchParams.get('domain') ?? '';
        const impact = impacts[asked];
        if (impact === undefined) throw new Error(`unexpected impact of ${asked}`);
        if (impact === 'fails') return jsonResponse({ error: { code: 'internal', message: 'Erro inesperado.' } }, 503);
        const domain = impact.as ?? asked;
        const n = impact.links;
        return jsonResponse({
          domain,
          links: n === 'more' ? 10_000 : n,
          more: n === 'more',
          ip: impact.ip ?? false,
          blocked: impact.blocked ?? false,
          ...(impact.domains === undefined ? {} : { domains: impact.domains }),
        });
      }
      return jsonResponse({ domains: [], total: 0, matching: 0, nextCursor: null });
    });
    return sent;
  }
  const posts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
  const choices = (dialog: HTMLElement) => within(dialog).getAllByRole('radio') as HTMLInputElement[];

  it("names the domain as the server reads it and offers its registrable domain, each with its live links; Escape sends nothing and keeps what was typed, focus back on the button", async () => {
    const sent = blocklistApi({
      'https://WWW.Golpe.com.br/entrar': { links: 1, as: 'www.golpe.com.br', domains: ['www.golpe.com.br', 'golpe.com.br'] },
      'golpe.com.br': { links: 1234, domains: ['golpe.com.br'] },
    });
    renderSection(<BlocklistSection />, '/admin/bloqueios');
    const domain = await screen.findByLabelText('Domínio');
    await userEvent.type(domain, 'https://WWW.Golpe.com.br/entrar');
    const reason = document.getElementById('admin-block-reason') as HTMLInputElement;
    await userEvent.type(reason, 'phishing de banco');
    const block = screen.getByRole('button', { name: 'Bloquear' });
    await userEvent.click(block);
    const dialog = await screen.findByRole('dialog', { name: 'Bloquear este domínio?' });
    await within(dialog).findByText('1.234 links ativos passam a responder "Link bloqueado".');
    expect(choices(dialog).map((radio) => radio.closest('label')?.querySelector('span span')?.textContent)).toEqual([
      'www.golpe.com.br (e subdomínios)',
      'golpe.com.br (o domínio inteiro)',
    ]);
    expect(within(dialog).getAllByTestId('block-impact').map((line) => line.textContent)).toEqual([
      '1 link ativo passa a responder "Link bloqueado".',
      '1.234 links ativos passam a responder "Link bloqueado".',
    ]);
    // What the operator typed is what is chosen; the wider domain is theirs to pick.
    expect(within(dialog).getByRole('radio', { name: /^www\.golpe\.com\.br/ })).toBeChecked();
    expect(within(dialog).getByText('Motivo: phishing de banco')).toBeInTheDocument();
    expect(dialog).toContainElement(document.activeElement as HTMLElement);

    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(block).toHaveFocus());
    expect(domain).toHaveValue('https://WWW.Golpe.com.br/entrar');
    expect(reason).toHaveValue('phishing de banco');
    expect(sent).toEqual([]);

    // "Cancelar" too.
    await userEvent.click(block);
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(block).toHaveFocus());
    expect(sent).toEqual([]);

    // Confirmed with the wider choice: that is what is sent, with the reason; the form empties, focus on the domain.
    await userEvent.click(block);
    const again = await screen.findByRole('dialog');
    await userEvent.click(within(again).getByRole('radio', { name: /^golpe\.com\.br/ }));
    await userEvent.click(within(again).getByRole('button', { name: 'Bloquear' }));
    await waitFor(() => expect(sent).toEqual([{ domain: 'golpe.com.br', reason: 'phishing de banco' }]));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(domain).toHaveValue('');
    await waitFor(() => expect(domain).toHaveFocus());
  });

  it('a registrable domain typed is offered alone; none, one, more than 10,000 links and "already blocked" are said as the report dialog says them', async () => {
    const sent = blocklistApi({
      'golpe.com.br': { links: 0, domains: ['golpe.com.br'] },
      'um.com.br': { links: 1, domains: ['um.com.br'] },
      'plataforma.com.br': { links: 'more', domains: ['plataforma.com.br'] },
      'sub.bloqueado.com.br': { links: 3, blocked: true, domains: ['sub.bloqueado.com.br', 'bloqueado.com.br'] },
      'bloqueado.com.br': { links: 3, blocked: true, domains: ['bloqueado.com.br'] },
    });
    renderSection(<BlocklistSection />, '/admin/bloqueios');
    const domain = await screen.findByLabelText('Domínio');
    const lines = async (typed: string) => {
      await userEvent.clear(domain);
      await userEvent.type(domain, `${typed}{Enter}`);
      const dialog = await screen.findByRole('dialog');
      await waitFor(() => expect(within(dialog).queryByText('Contando links…')).not.toBeInTheDocument());
      const shown = within(dialog).getAllByTestId('block-impact').map((line) => line.textContent);
      await userEvent.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      return shown;
    };
    expect(await lines('golpe.com.br')).toEqual(['Nenhum link ativo é afetado.']);
    expect(await lines('um.com.br')).toEqual(['1 link ativo passa a responder "Link bloqueado".']);
    expect(await lines('plataforma.com.br')).toEqual(['Mais de 10.000 links ativos passam a responder "Link bloqueado".']);
    expect(await lines('sub.bloqueado.com.br')).toEqual(['Já está bloqueado.', 'Já está bloqueado.']);
    expect(sent).toEqual([]);
  });

  it('an IP address is called one and blocks only itself', async () => {
    const sent = blocklistApi({ '203.0.114.9': { links: 2, ip: true, domains: ['203.0.114.9'] } });
    renderSection(<BlocklistSection />, '/admin/bloqueios');
    await userEvent.type(await screen.findByLabelText('Domínio'), '203.0.114.9{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Bloquear este endereço IP?' });
    expect(within(dialog).getByRole('radio', { name: /203\.0\.114\.9 \(só este endereço IP\)/ })).toBeChecked();
    expect(within(dialog).queryByText(/subdomínios/)).not.toBeInTheDocument();
    expect(within(dialog).getByText('2 links ativos passam a responder "Link bloqueado".')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Bloquear' }));
    await waitFor(() => expect(sent).toEqual([{ domain: '203.0.114.9' }]));
  });

  it('a count that cannot be read: the dialog says so and still blocks, as typed; a refusal then is written under the field', async () => {
    const sent = blocklistApi({ 'golpe.com.br': 'fails' });
    renderSection(<BlocklistSection />, '/admin/bloqueios');
    const domain = await screen.findByLabelText('Domínio');
    await userEvent.type(domain, ' golpe.com.br {Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Bloquear este domínio?' });
    expect(within(dialog).getByTestId('block-impact')).toHaveTextContent('Não foi possível contar os links afetados.');
    const confirm = within(dialog).getByRole('button', { name: 'Bloquear' });
    expect(confirm).toBeEnabled();
    await userEvent.click(confirm);
    await waitFor(() => expect(sent).toEqual([{ domain: 'golpe.com.br' }]));
  });

  it('a block refused after a count that could not be read closes the dialog and shows the refusal under the field', async () => {
    const refusal = 'Domínio inválido.';
    fetchMock.mockImplementation(async (input, init) =>
      init?.method === 'POST'
        ? jsonResponse({ error: { code: 'invalid_domain', message: refusal } }, 400)
        : String(input).startsWith('/api/admin/blocklist/impact')
          ? jsonResponse({ error: { code: 'internal', message: 'Erro inesperado.' } }, 503)
          : jsonResponse({ domains: [], total: 0, nextCursor: null }),
    );
    renderSection(<BlocklistSection />, '/admin/bloqueios');
    const domain = await screen.findByLabelText('Domínio');
    await userEvent.type(domain, 'golpe{Enter}');
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Bloquear' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(domain).toHaveAttribute('aria-invalid', 'true');
    expect(document.getElementById('admin-block-domain-error')).toHaveTextContent(refusal);
    await waitFor(() => expect(domain).toHaveFocus());
    expect(domain).toHaveValue('golpe');
    expect(posts()).toHaveLength(1);
  });

  it('a domain changed while its count is read opens no dialog for the old one', async () => {
    let answer: (response: Response) => void = () => undefined;
    fetchMock.mockImplementation(async (input) =>
      String(input).startsWith('/api/admin/blocklist/impact')
        ? new Promise<Response>((resolve) => {
            answer = resolve;
          })
        : jsonResponse({ domains: [], total: 0, nextCursor: null }),
    );
    renderSection(<BlocklistSection />, '/admin/bloqueios');
    const domain = await screen.findByLabelText('Domínio');
    await userEvent.type(domain, 'golpe.com.br{Enter}');
    await screen.findByRole('button', { name: 'Verificando…' });
    await userEvent.type(domain, '.net');
    answer(jsonResponse({ domain: 'golpe.com.br', links: 5, more: false, ip: false, blocked: false, domains: ['golpe.com.br'] }));
    await screen.findByRole('button', { name: 'Bloquear' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(domain).toHaveValue('golpe.com.br.net');
  });

  it("the dialog's buttons stay at the bottom of its scroll box (sticky), as the report card's do", async () => {
    blocklistApi({ 'golpe.com.br': { links: 0, domains: ['golpe.com.br'] } });
    renderSection(<BlocklistSection />, '/admin/bloqueios');
    await userEvent.type(await screen.findByLabelText('Domínio'), 'golpe.com.br{Enter}');
    const dialog = await screen.findByRole('dialog');
    const row = within(dialog).getByRole('button', { name: 'Cancelar' }).parentElement as HTMLElement;
    expect(row).toHaveClass('sticky', 'bg-white');
  });
});

describe('keys: the per-minute limit', () => {
  function keysApi(answer: (body: unknown) => Response) {
    fetchMock.mockImplementation(async (_input, init) => (init?.method === 'POST' ? answer(JSON.parse(String(init.body))) : jsonResponse({ keys: [], defaultPerMinute: 60 })));
  }

  it('"1.200", as the console writes limits, is sent as 1200', async () => {
    const sent: unknown[] = [];
    keysApi((body) => {
      sent.push(body);
      return jsonResponse({ id: 7, name: 'Loja', perMinute: 1200, key: 'ebr_x_y' }, 201);
    });
    renderSection(<KeysSection />, '/admin/chaves');
    await userEvent.type(await screen.findByLabelText('Nome'), 'Loja');
    const limit = screen.getByLabelText('Limite por minuto (opcional)');
    expect(limit).not.toHaveAttribute('pattern');
    await userEvent.type(limit, '1.200{Enter}');
    await screen.findByRole('region', { name: 'Chave criada: Loja' });
    expect(sent).toEqual([{ name: 'Loja', perMinute: 1200 }]);
  });

  it("the server's refusal of the limit shows under the field; text that is no number is refused before sending", async () => {
    const refusal = 'O limite por minuto deve ser um número inteiro de 1 a 1.000.000.';
    let posts = 0;
    keysApi(() => {
      posts += 1;
      return jsonResponse({ error: { code: 'invalid_per_minute', message: refusal } }, 400);
    });
    renderSection(<KeysSection />, '/admin/chaves');
    await userEvent.type(await screen.findByLabelText('Nome'), 'Loja');
    const limit = screen.getByLabelText('Limite por minuto (opcional)');
    await userEvent.type(limit, '0{Enter}');
    await waitFor(() => expect(limit).toHaveAttribute('aria-invalid', 'true'));
    expect(limit).toHaveAccessibleDescription(expect.stringContaining(refusal));
    expect(limit).toHaveFocus();
    expect(posts).toBe(1);

    await userEvent.clear(limit);
    expect(limit).not.toHaveAttribute('aria-invalid');
    await userEvent.type(limit, '12,5{Enter}');
    await waitFor(() => expect(limit).toHaveAttribute('aria-invalid', 'true'));
    expect(limit).toHaveAccessibleDescription(expect.stringContaining(refusal));
    expect(posts).toBe(1);
  });
});

describe('sign-in', () => {
  it('a refused sign-in sent with the button puts focus back in the form (the e-mail), not on <body>', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ error: { code: 'invalid_credentials', message: 'E-mail ou senha incorretos.' } }, 401));
    renderWithApp(<SignInForm onSignedIn={() => undefined} />, { path: '/admin', route: '/admin/*' });
    await userEvent.type(screen.getByLabelText('E-mail'), 'ana@example.com');
    await userEvent.type(screen.getByLabelText('Senha'), 'senha errada demais');
    const button = screen.getByRole('button', { name: 'Entrar' });
    await waitFor(() => expect(button).toBeEnabled());
    await userEvent.click(button);
    await screen.findByText('E-mail ou senha incorretos.');
    await waitFor(() => expect(screen.getByLabelText('E-mail')).toHaveFocus());
  });
});
