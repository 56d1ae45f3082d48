// The operator's tool (`npm run admin -- <command>`, entry admin-main.ts). It works on the database named by the
// same configuration as the server (DATABASE_URL…), so it runs beside a live site: servers
// pick blocked domains and disabled links up within a few seconds (at once on PostgreSQL for
// disabled links, through NOTIFY).
import { isValidAliasFormat, normalizeAlias } from '../shared/alias-rules.js';
import { createBlocklist, normalizeDomain } from './abuse/blocklist.js';
import { importBlocklistFile } from './abuse/blocklist-feed.js';
import { createReportRepository } from './abuse/report-repository.js';
import { addDays, createCalendar, systemClock } from './calendar.js';
import type { Store } from './db/store.js';
import { toNumber } from './db/dialect.js';
import { createLinkRepository } from './links/link-repository.js';

const USAGE = `Uso: npm run admin -- <comando>

  block <domínio> [motivo…]   bloqueia o domínio e todos os subdomínios (criação e redirecionamento)
  block-file <arquivo> [--reason motivo…]   importa uma lista de domínios, um arquivo hosts ou um CSV de URLs
  unblock <domínio>           desbloqueia o domínio
  blocked                     lista os domínios bloqueados
  disable <alias>             desativa um link (passa a responder 410 'Link bloqueado')
  enable <alias>              reativa um link desativado
  top [N] [--days D]          os N links mais clicados nos últimos D dias (padrão: 20, 1 = hoje)
  reports [N]                 as N denúncias mais recentes (padrão: 50)`;

export interface AdminResult {
  code: number;
  output: string;
}

/** Runs one command against an open store; returns what to print and the exit code. */
export async function runAdmin(args: readonly string[], store: Store, options: { timeZone: string; clock?: () => number }): Promise<AdminResult> {
  const clock = options.clock ?? systemClock;
  const [command, ...rest] = args;
  const links = createLinkRepository(store);
  const blocklist = createBlocklist(store.db, clock);
  const fail = (message: string): AdminResult => ({ code: 1, output: message });

  switch (command) {
    case 'block': {
      const domain = normalizeDomain(rest[0] ?? '');
      if (domain === undefined) return fail(`Domínio inválido: ${rest[0] ?? '(vazio)'}`);
      await blocklist.block(domain, rest.slice(1).join(' ') || null);
      return { code: 0, output: `Bloqueado: ${domain} (e subdomínios)` };
    }
    case 'block-file': {
      const file = rest[0];
      if (file === undefined || file.startsWith('--')) return fail(USAGE);
      const reasonFlag = rest.indexOf('--reason');
      const reason = reasonFlag === -1 ? null : rest.slice(reasonFlag + 1).join(' ') || null;
      return importBlocklistFile(store.db, file, reason, clock);
    }
    case 'unblock': {
      const domain = normalizeDomain(rest[0] ?? '');
      if (domain === undefined) return fail(`Domínio inválido: ${rest[0] ?? '(vazio)'}`);
      return (await blocklist.unblock(domain)) ? { code: 0, output: `Desbloqueado: ${domain}` } : fail(`Não estava bloqueado: ${domain}`);
    }
    case 'blocked': {
      const rows = await blocklist.list();
      if (rows.length === 0) return { code: 0, output: 'Nenhum domínio bloqueado.' };
      return { code: 0, output: rows.map((r) => `${r.domain}\t${r.createdAt}\t${r.reason ?? ''}`).join('\n') };
    }
    case 'disable':
    case 'enable': {
      const alias = normalizeAlias(rest[0] ?? '');
      if (!isValidAliasFormat(alias)) return fail(`Alias inválido: ${rest[0] ?? '(vazio)'}`);
      const changed = await links.setDisabled(alias, command === 'disable' ? new Date(clock()).toISOString() : null);
      if (!changed) return fail(`Link não encontrado: ${alias}`);
      await store.notifyChanged(alias);
      return { code: 0, output: command === 'disable' ? `Desativado: ${alias}` : `Reativado: ${alias}` };
    }
    case 'top': {
      const daysFlag = rest.indexOf('--days');
      const days = daysFlag === -1 ? 1 : Number(rest[daysFlag + 1]);
      // N is the first number that is not the value of --days.
      const limit = Number(rest.find((arg, i) => /^\d+$/.test(arg) && (daysFlag === -1 || i !== daysFlag + 1)) ?? 20);
      if (!Number.isInteger(days) || days < 1 || days > 366 || !Number.isInteger(limit) || limit < 1) return fail(USAGE);
      const today = createCalendar(options.timeZone, clock).today();
      const from = addDays(today, -(days - 1));
      const rows = await store.db
        .selectFrom('link_clicks_daily')
        .innerJoin('links', 'links.id', 'link_clicks_daily.link_id')
        .select(['links.alias', 'links.url', (eb) => eb.fn.sum<number | string>('link_clicks_daily.clicks').as('clicks')])
        .where('link_clicks_daily.day', '>=', from)
        .where('link_clicks_daily.day', '<=', today)
        .groupBy(['links.alias', 'links.url'])
        .orderBy('clicks', 'desc')
        .orderBy('links.alias')
        .limit(limit)
        .execute();
      const header = `Mais clicados de ${from} a ${today} (${options.timeZone}):`;
      if (rows.length === 0) return { code: 0, output: `${header}\nNenhum clique.` };
      return { code: 0, output: [header, ...rows.map((r) => `${toNumber(r.clicks)}\t${r.alias}\t${r.url}`)].join('\n') };
    }
    case 'reports': {
      const limit = Number(rest[0] ?? 50);
      if (!Number.isInteger(limit) || limit < 1) return fail(USAGE);
      const rows = await createReportRepository(store.db).listReports(limit);
      if (rows.length === 0) return { code: 0, output: 'Nenhuma denúncia.' };
      return { code: 0, output: rows.map((r) => `${r.createdAt}\t${r.alias}\t${r.reason}`).join('\n') };
    }
    default:
      return { code: command === undefined || command === 'help' || command === '--help' ? 0 : 1, output: USAGE };
  }
}
