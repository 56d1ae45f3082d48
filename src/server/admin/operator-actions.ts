// Every action an operator takes, written once for both ways of taking it: the terminal tool
// (npm run admin, admin-cli.ts) and the console (/api/admin, admin-api-routes.ts). Each checks,
// acts, tells the caches, writes the audit log and says in pt-BR what came of it, so the same
// action behaves and reads the same in both.
import type { AdminActionResult } from '../../shared/admin-api.js';
import { formatInteger } from '../../shared/integer-format.js';
import { importBlocklistText } from '../abuse/blocklist-feed.js';
import { type Blocklist, blockChoicesFor, hostOfUrl, isIpAddress, normalizeDomain, tooBroadToBlock } from '../abuse/blocklist.js';
import { createReportRepository, type ReportRepository } from '../abuse/report-repository.js';
import type { Clock } from '../calendar.js';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { IssuedApiKey, ApiKeyService } from '../keys/api-key-service.js';
import type { LinkRepository } from '../links/link-repository.js';
import type { Actor, AuditLog } from './audit-log.js';
import type { OperatorService } from './operator-service.js';

/** An action's outcome; 'not_found' (404) and 'refused' (400: the action may not be done) are errors for the caller (exit 1). */
export interface ActionResult extends Omit<AdminActionResult, 'outcome'> {
  outcome: AdminActionResult['outcome'] | 'not_found' | 'refused';
}

export interface OperatorActionDeps {
  db: Kysely<Database>;
  links: Pick<LinkRepository, 'setDisabled' | 'findByAlias' | 'deleteLink'>;
  blocklist: Pick<Blocklist, 'block' | 'unblock' | 'refresh'>;
  apiKeys: ApiKeyService;
  reports: ReportRepository;
  operators: OperatorService;
  audit: AuditLog;
  clock: Clock;
  /**
   * Tells every instance that this link changed (disabled, enabled, deleted), so none keeps
   * serving it from its cache: the server's cache invalidation, or the tool's NOTIFY.
   */
  linkChanged(alias: string): Promise<void>;
  /**
   * Forgets a deleted link in this process's cache (the server's; the tool has none). The other
   * instances were told by the deletion itself (LinkRepository.deleteLink).
   */
  linkDeleted(alias: string): void;
}

const changed = (message: string): ActionResult => ({ outcome: 'changed', message });
const unchanged = (message: string): ActionResult => ({ outcome: 'unchanged', message });
const notFound = (message: string): ActionResult => ({ outcome: 'not_found', message });
const refused = (message: string): ActionResult => ({ outcome: 'refused', message });

const resolvedReports = (n: number): string => (n === 1 ? 'denúncia resolvida' : `${formatInteger(n)} denúncias resolvidas`);

/** Reports filed after those the operator saw, left open: "chegaram 3 novas" (`noun`: "… novas denúncias"). */
const arrived = (n: number, noun: boolean): string =>
  n === 1 ? `chegou 1 nova${noun ? ' denúncia' : ''}` : `chegaram ${formatInteger(n)} novas${noun ? ' denúncias' : ''}`;

/** What an action on a reported link did to its reports: resolved, and newer ones left open. */
interface ReportsOutcome {
  resolved: number;
  newer: number;
}

/**
 * An action on a reported link, and the reports it resolved, in one sentence: "Desativado: x;
 * 2 denúncias resolvidas; chegou 1 nova." `already` says it when the action itself had nothing
 * to do (its "Nada a fazer" would no longer be true).
 */
function withResolved(result: ActionResult, { resolved, newer }: ReportsOutcome, already: string): ActionResult {
  if (resolved === 0) return newer === 0 ? result : { ...result, message: `${result.message.replace(/\.$/, '')}; ${arrived(newer, true)}.` };
  const done = result.outcome === 'unchanged' ? already : result.message.replace(/\.$/, '');
  return changed(`${done}; ${resolvedReports(resolved)}${newer === 0 ? '' : `; ${arrived(newer, false)}`}.`);
}

export function createOperatorActions(deps: OperatorActionDeps) {
  const now = (): string => new Date(deps.clock()).toISOString();

  async function setDisabled(actor: Actor, alias: string, disable: boolean): Promise<ActionResult> {
    const outcome = await deps.links.setDisabled(alias, disable ? now() : null);
    if (outcome === 'not_found') return notFound(`Link não encontrado: ${alias}.`);
    if (outcome === 'unchanged') return unchanged(`Nada a fazer: o link ${alias} já está ${disable ? 'desativado' : 'ativo'}.`);
    await deps.linkChanged(alias);
    await deps.audit.record(actor, { action: disable ? 'link.disable' : 'link.enable', target: alias });
    return changed(disable ? `Desativado: ${alias}` : `Reativado: ${alias}`);
  }

  /** `newReason`: the reason a domain not blocked yet gets when none is given (an existing block keeps its own). */
  async function block(actor: Actor, domain: string, reason: string | null, newReason: string | null = null): Promise<ActionResult> {
    const existing = await deps.db.selectFrom('blocked_domains').select('reason').where('domain', '=', domain).executeTakeFirst();
    if (existing !== undefined) {
      // A new reason replaces the old one; without one, the row is left as it was.
      if (reason === null || reason === existing.reason) return unchanged(`Nada a fazer: ${domain} já estava bloqueado.`);
      await deps.blocklist.block(domain, reason);
      await deps.audit.record(actor, { action: 'domain.block', target: domain, detail: reason });
      return changed(`${domain} já estava bloqueado; motivo atualizado.`);
    }
    reason ??= newReason;
    await deps.blocklist.block(domain, reason);
    await deps.audit.record(actor, { action: 'domain.block', target: domain, detail: reason });
    // An IP address has no subdomains: its block is that address alone.
    return changed(isIpAddress(domain) ? `Bloqueado: ${domain} (só este endereço IP)` : `Bloqueado: ${domain} (e subdomínios)`);
  }

  /** The audit entry of reports resolved by an action, when there were any. */
  async function recordResolved(actor: Actor, alias: string, resolved: number, why: string): Promise<void> {
    if (resolved > 0) await deps.audit.record(actor, { action: 'reports.resolve', target: alias, detail: `${resolved} ${resolved === 1 ? 'denúncia' : 'denúncias'}; ${why}` });
  }

  /**
   * `upTo`: the highest report id the operator saw; reports filed since stay open, counted in
   * `newer`, so an action never resolves a report nobody read.
   */
  async function resolveReports(actor: Actor, alias: string, why: string, upTo?: number): Promise<ReportsOutcome> {
    const resolved = await deps.reports.resolve(alias, now(), upTo);
    await recordResolved(actor, alias, resolved, why);
    // Every report up to `upTo` is resolved now: those still open came after it.
    const newer = upTo === undefined ? 0 : await deps.reports.openCount(alias);
    return { resolved, newer };
  }

  return {
    /** Sign-in and sign-out go to the audit log too (the routes log refused attempts). */
    recordSignIn: (actor: Actor) => deps.audit.record(actor, { action: 'signin' }),
    recordSignOut: (actor: Actor) => deps.audit.record(actor, { action: 'signout' }),

    disableLink: (actor: Actor, alias: string) => setDisabled(actor, alias, true),
    enableLink: (actor: Actor, alias: string) => setDisabled(actor, alias, false),

    /** Deletes the link for good (its counters go with it); every instance forgets it. */
    async deleteLink(actor: Actor, alias: string): Promise<ActionResult> {
      const link = await deps.links.findByAlias(alias);
      // Deleted and announced to every instance together (PostgreSQL), or neither: an error.
      if (link === undefined || !(await deps.links.deleteLink(link))) return notFound(`Link não encontrado: ${alias}.`);
      deps.linkDeleted(alias);
      // Also what tells servers on a SQLite file, polling the audit log (abuse/blocklist.ts).
      await deps.audit.record(actor, { action: 'link.delete', target: alias, detail: link.url });
      return changed(`Excluído: ${alias}`);
    },

    /**
     * Gives a deleted link's alias back to everyone (migration 0011 retires it): for a brand that
     * asks for its name, or an owner who deleted a link by mistake. Whoever creates it next
     * decides where the old shared links lead, so the operator decides, never the site.
     */
    async releaseAlias(actor: Actor, alias: string): Promise<ActionResult> {
      // The deleted link's open reports are resolved in the same transaction: a link created on
      // the alias once released must not inherit them (nor the queue show them against it).
      const { released, resolved } = await deps.db.transaction().execute(async (trx) => {
        const deleted = await trx.deleteFrom('retired_aliases').where('alias', '=', alias).executeTakeFirst();
        if (deleted.numDeletedRows === 0n) return { released: false, resolved: 0 };
        return { released: true, resolved: await createReportRepository(trx).resolve(alias, now()) };
      });
      if (!released) {
        const live = await deps.links.findByAlias(alias);
        return unchanged(live === undefined ? `Nada a fazer: ${alias} não é o alias de um link excluído.` : `Nada a fazer: ${alias} é um link ativo, não um alias excluído.`);
      }
      await deps.audit.record(actor, { action: 'alias.release', target: alias });
      await recordResolved(actor, alias, resolved, 'alias liberado');
      return withResolved(changed(`Liberado: ${alias} pode ser usado de novo por quem criar um link.`), { resolved, newer: 0 }, '');
    },

    /** `domain` already normalised (normalizeDomain). */
    blockDomain: block,

    async unblockDomain(actor: Actor, domain: string): Promise<ActionResult> {
      // A subdomain taken off the list may still be blocked through a parent domain (the redirect
      // checks every parent): the answer says so either way, or the operator believes its links
      // work again while they still answer 410.
      const labels = domain.split('.');
      const parents = labels.slice(1).map((_, i) => labels.slice(i + 1).join('.'));
      const blockingParent = async () =>
        parents.length === 0
          ? undefined
          : (await deps.db.selectFrom('blocked_domains').select('domain').where('domain', 'in', parents).orderBy('domain').executeTakeFirst())?.domain;
      if (await deps.blocklist.unblock(domain)) {
        await deps.audit.record(actor, { action: 'domain.unblock', target: domain });
        const parent = await blockingParent();
        return changed(parent === undefined ? `Desbloqueado: ${domain}` : `Desbloqueado: ${domain}. Continua bloqueado por ${parent}.`);
      }
      const parent = await blockingParent();
      const still = parent === undefined ? '' : ` Continua bloqueado por ${parent}.`;
      return unchanged(`Nada a fazer: ${domain} não estava bloqueado.${still}`);
    },

    /** A feed's text (`source`: the file's name, for the messages); code 1 when nothing in it was valid. */
    async importFeed(actor: Actor, text: string, source: string, reason: string | null) {
      const result = await importBlocklistText(deps.db, text, source, reason, deps.clock);
      if (result.code === 0) {
        await deps.blocklist.refresh();
        await deps.audit.record(actor, { action: 'blocklist.import', target: source, detail: result.summary });
      }
      return result;
    },

    /** Takes the alias's open reports (up to `upTo`, see resolveReports) out of the queue. */
    async resolveReports(actor: Actor, alias: string, upTo?: number): Promise<ActionResult> {
      const { resolved, newer } = await resolveReports(actor, alias, 'resolvidas sem outra ação', upTo);
      if (resolved === 0) {
        if (newer === 0) return unchanged(`Nada a fazer: nenhuma denúncia aberta para ${alias}.`);
        return unchanged(`Nada a fazer: as denúncias exibidas de ${alias} já estavam resolvidas; ${arrived(newer, true)}.`);
      }
      const done = `${resolved === 1 ? 'Denúncia resolvida' : `${resolved} denúncias resolvidas`}: ${alias}`;
      return changed(newer === 0 ? done : `${done}; ${arrived(newer, false)}.`);
    },

    /** Disables the reported link and resolves its reports (up to `upTo`). */
    async disableReported(actor: Actor, alias: string, upTo?: number): Promise<ActionResult> {
      const result = await setDisabled(actor, alias, true);
      if (result.outcome === 'not_found') return result;
      const reports = await resolveReports(actor, alias, 'link desativado', upTo);
      return withResolved(result, reports, `O link ${alias} já estava desativado`);
    },

    /**
     * Blocks a domain of the reported link's targets (and so every link to it) and resolves its
     * reports (up to `upTo`). `chosen`: one of the domains the console offered for its targets
     * (the exact host or its registrable domain, of the main, iPhone or Android target); without
     * it, the main target's host, as before the choice existed.
     */
    async blockReportedDomain(actor: Actor, alias: string, reason: string | null, upTo?: number, chosen?: string): Promise<ActionResult> {
      // A link deleted since its reports still has its targets in them (migration 0012): its
      // domain can be blocked, or whoever deleted a phishing link makes another on it.
      const live = await deps.db.selectFrom('links').select(['url', 'ios_url', 'android_url']).where('alias', '=', alias).executeTakeFirst();
      const recorded = live === undefined ? (await deps.reports.openTargets([alias])).get(alias) : undefined;
      const targets = live !== undefined ? [live.url, live.ios_url, live.android_url] : recorded !== undefined ? [recorded.url, recorded.iosUrl, recorded.androidUrl] : undefined;
      const url = targets?.[0];
      if (targets === undefined || url === undefined || url === null) return notFound(`Link não encontrado: ${alias}.`);
      let domain: string | undefined;
      if (chosen === undefined) {
        domain = normalizeDomain(hostOfUrl(url));
        if (domain === undefined) return refused(`O destino de ${alias} não tem um domínio que possa ser bloqueado.`);
        // A link to a public suffix itself (https://com.br/) must not block every site under it.
        const tooBroad = tooBroadToBlock(domain);
        if (tooBroad !== undefined) return refused(`${tooBroad} Desative o link em vez disso.`);
      } else {
        // Only what the card offered: this route blocks a domain of the reported link, not any.
        const wanted = normalizeDomain(chosen);
        const offered = targets.flatMap((target) => (target === null ? [] : blockChoicesFor(hostOfUrl(target))));
        if (wanted === undefined || !offered.includes(wanted)) {
          return refused(`${chosen.slice(0, 253)} não é o domínio de um destino de ${alias}. Escolha um dos domínios oferecidos, ou bloqueie-o em Bloqueios.`);
        }
        domain = wanted;
      }
      // Without a reason, a new block says where it came from; an existing one keeps its reason.
      const result = await block(actor, domain, reason, `denúncias de ${alias}`);
      const reports = await resolveReports(actor, alias, `domínio ${domain} bloqueado`, upTo);
      return withResolved(result, reports, `${domain} já estava bloqueado`);
    },

    async createKey(actor: Actor, name: string, perMinute: number | null): Promise<IssuedApiKey> {
      const issued = await deps.apiKeys.create(name, perMinute);
      // Figures as the console writes them (1.200/min); the key's name, as in its revocation.
      await deps.audit.record(actor, { action: 'key.create', target: String(issued.id), detail: `"${name}", ${perMinute === null ? 'limite padrão' : `${formatInteger(perMinute)}/min`}` });
      return issued;
    },

    async revokeKey(actor: Actor, id: number): Promise<ActionResult> {
      const outcome = await deps.apiKeys.revoke(id);
      if (outcome === 'not_found') return notFound(`Chave não encontrada: ${id}.`);
      if (outcome === 'already') return unchanged(`Nada a fazer: a chave ${id} já estava revogada.`);
      // The log names the key, as its creation does: an id alone says little a month later.
      const key = await deps.db.selectFrom('api_keys').select('name').where('id', '=', id).executeTakeFirst();
      await deps.audit.record(actor, { action: 'key.revoke', target: String(id), detail: key === undefined ? null : `"${key.name}"` });
      return changed(`Revogada: chave ${id}. Requisições com ela passam a receber 401.`);
    },

    /** `email` already normalised, `password` already checked (isAcceptableOperatorPassword). */
    async addOperator(actor: Actor, email: string, password: string): Promise<ActionResult> {
      if ((await deps.operators.add(email, password)) === 'exists') return unchanged(`Nada a fazer: ${email} já é operador (a senha não foi alterada).`);
      await deps.audit.record(actor, { action: 'operator.add', target: email });
      return changed(`Operador adicionado: ${email}. Entre em /admin com esse e-mail e a senha informada.`);
    },

    async removeOperator(actor: Actor, email: string): Promise<ActionResult> {
      if (!(await deps.operators.remove(email))) return notFound(`Operador não encontrado: ${email}.`);
      await deps.audit.record(actor, { action: 'operator.remove', target: email });
      return changed(`Operador removido: ${email}. As sessões dele foram encerradas.`);
    },
  };
}

export type OperatorActions = ReturnType<typeof createOperatorActions>;
