// Rules for creating links. Routes call this; it calls the repository.
import type { CreateLinkResponse, LinkOptionsView } from '../../shared/api.js';
import { type CheckedLinkOptions, checkLinkOptions, hasAnyOption, type LinkOptionsInput } from '../../shared/link-options.js';
import type { StoredLinkOptions } from '../db/link-statements.js';
import type { ScryptCost } from '../password-hash.js';
import { hashLinkPassword } from './link-password.js';
import { isReservedAlias, isValidAliasFormat, normalizeAlias } from '../../shared/alias-rules.js';
import { checkTargetUrl } from '../../shared/url-rules.js';
import type { Calendar, Clock } from '../calendar.js';
import { isUniqueViolation } from '../db/dialect.js';
import { expiresAtFormatMessage } from '../../shared/form-messages.js';
import { appTargetTexts } from '../../shared/messages.js';
import { AppError } from '../errors.js';
import { isForbiddenTargetHost } from '../abuse/target-rules.js';
import type { LinkRepository } from './link-repository.js';
import { aliasForKey, manageTokenForKey } from './idempotency-key.js';
import { createManageToken, hashManageToken, manageTokenMatches } from './manage-token.js';
import { randomAlias } from './random-alias.js';

const RANDOM_ALIAS_ATTEMPTS = 8;

export interface LinkServiceDeps {
  links: LinkRepository;
  calendar: Calendar;
  clock: Clock;
  publicUrl: string;
  publicHost: string;
  isBlockedHost: (hostname: string) => boolean;
  /** Test-only: loopback targets allowed (end-to-end fixture pages). */
  allowLoopbackTargets: boolean;
  /** Called after a creation, before it is answered (caches of every instance, statistics, preview metadata). */
  onCreated: (link: CreatedLink) => Promise<void>;
  /** The password hash's cost: LINK_PASSWORD_COST unless a test lowers it (password-hash.ts, PasswordCosts). */
  passwordCost?: ScryptCost | undefined;
}

export interface CreateLinkInput extends LinkOptionsInput {
  url: string;
  alias?: string | undefined;
}

/** What a creation answers of the options it was given (the stored ones, never the password). */
function optionsView(options: CheckedLinkOptions | undefined): LinkOptionsView {
  return {
    expiresAt: options?.expiresAt ?? null,
    maxClicks: options?.maxClicks ?? null,
    clicksLeft: options?.maxClicks ?? null,
    protected: (options?.password ?? null) !== null,
    iosUrl: options?.iosUrl ?? null,
    androidUrl: options?.androidUrl ?? null,
  };
}

/** A link just stored: what its creator is answered, and its row id. */
export interface CreatedLink {
  id: number;
  response: CreateLinkResponse;
  /** The link has options (the redirect cache's flag). */
  hasOptions: boolean;
}

export interface CreateLinkOptions {
  /**
   * Asked once the link has passed every rule, right before it is stored; throws to refuse it
   * (the site-wide creation budget). What was refused for its own content never reaches it.
   */
  admit?: () => Promise<void>;
  /** The API key creating the link, which then owns it. */
  apiKeyId?: number;
  /**
   * The request's Idempotency-Key (idempotency-key.ts): the link's manage token (and, without a
   * custom alias, its first alias) come from it, so a retry is answered the link it made.
   */
  idempotencyKey?: string;
}

/** A creation's outcome: the link, and whether it was made by an earlier request with the same key. */
export interface CreationResult {
  link: CreateLinkResponse;
  replayed: boolean;
}

/** Whether a replay asks for the options the link was made with (the password only as "there is one"). */
function sameOptions(stored: LinkOptionsView, asked: LinkOptionsView): boolean {
  const instant = (iso: string | null): number | null => (iso === null ? null : Date.parse(iso));
  return (
    instant(stored.expiresAt) === instant(asked.expiresAt) &&
    stored.maxClicks === asked.maxClicks &&
    stored.protected === asked.protected &&
    stored.iosUrl === asked.iosUrl &&
    stored.androidUrl === asked.androidUrl
  );
}

/** The options as stored: undefined for a plain link; the password hashed (slow: after every other check). */
async function storedOptions(options: CheckedLinkOptions, passwordCost: ScryptCost | undefined): Promise<StoredLinkOptions | undefined> {
  if (!hasAnyOption(options)) return undefined;
  return {
    expiresAt: options.expiresAt,
    maxClicks: options.maxClicks,
    passwordHash: options.password === null ? null : await hashLinkPassword(options.password, passwordCost),
    iosUrl: options.iosUrl,
    androidUrl: options.androidUrl,
  };
}

export function createLinkService(deps: LinkServiceDeps) {
  const shortUrlFor = (alias: string): string => `${deps.publicUrl}/${alias}`;

  async function insertWithAlias(
    alias: string,
    url: string,
    options: StoredLinkOptions | undefined,
    view: LinkOptionsView,
    apiKeyId: number | undefined,
    manageToken: string,
  ): Promise<CreatedLink> {
    const now = deps.clock();
    const createdAt = new Date(now).toISOString();
    const id = await deps.links.insertLink({
      alias,
      url,
      createdAt,
      manageTokenHash: hashManageToken(manageToken),
      day: deps.calendar.dayOf(now),
      ...(options === undefined ? {} : { options }),
      ...(apiKeyId === undefined ? {} : { apiKeyId }),
    });
    return { id, response: { alias, shortUrl: shortUrlFor(alias), url, createdAt, manageToken, ...view }, hasOptions: options !== undefined };
  }

  /** What a creation asked for, once every rule has passed. */
  interface Asked {
    url: string;
    view: LinkOptionsView;
    apiKeyId: number | undefined;
  }

  /**
   * The link an earlier request with the same key made at `alias`, answered again; undefined
   * when the alias holds no link or another creator's. The same key with another URL, other
   * options or another API key is a client's mistake, refused (422) rather than guessed at.
   */
  async function replayAt(alias: string, token: string, asked: Asked): Promise<CreateLinkResponse | undefined> {
    const link = await deps.links.findByAlias(alias);
    if (link === undefined || !manageTokenMatches(token, link.manageTokenHash)) return undefined;
    const state = await deps.links.findOptionsState(link.id);
    if (state === undefined || link.url !== asked.url || link.apiKeyId !== (asked.apiKeyId ?? null) || !sameOptions(state, asked.view)) {
      throw new AppError('idempotency_key_reused', 422);
    }
    return { alias: link.alias, shortUrl: shortUrlFor(link.alias), url: link.url, createdAt: link.createdAt, manageToken: token, ...state };
  }

  async function create(input: CreateLinkInput, admit: () => Promise<void>, apiKeyId: number | undefined, key: string | undefined): Promise<CreatedLink | { replay: CreateLinkResponse }> {
    const checked = checkTargetUrl(input.url, deps.publicHost);
    if (!checked.ok) throw new AppError(checked.code, 400);
    if (isForbiddenTargetHost(checked.url.hostname, deps.allowLoopbackTargets)) throw new AppError('forbidden_target', 400);
    if (deps.isBlockedHost(checked.url.hostname)) throw new AppError('blocked_url', 400);
    const url = checked.url.href;
    const checkedOptions = checkLinkOptions(input, deps.clock(), deps.publicHost);
    // A malformed expiry (the only option with a form of its own) is told its form, not its range.
    if (!checkedOptions.ok) throw new AppError(checkedOptions.code, 400, checkedOptions.malformed === true ? { message: expiresAtFormatMessage } : undefined);
    const options = checkedOptions.options;
    for (const [appUrl, code, field] of [[options.iosUrl, 'invalid_ios_url', 'iPhone e iPad'], [options.androidUrl, 'invalid_android_url', 'Android']] as const) {
      if (appUrl === null) continue;
      const host = new URL(appUrl).hostname;
      // The field's code (the form marks that field), with what is wrong with it said plainly.
      if (isForbiddenTargetHost(host, deps.allowLoopbackTargets)) throw new AppError(code, 400, { message: appTargetTexts.forbidden(field) });
      if (deps.isBlockedHost(host)) throw new AppError(code, 400, { message: appTargetTexts.blocked(field) });
    }
    const view = optionsView(options);
    const asked: Asked = { url, view, apiKeyId };
    const token = key === undefined ? createManageToken() : manageTokenForKey(key);

    const requested = input.alias === undefined ? '' : normalizeAlias(input.alias);
    if (requested !== '') {
      if (!isValidAliasFormat(requested)) throw new AppError('invalid_alias', 400);
      if (isReservedAlias(requested)) throw new AppError('reserved_alias', 400);
      // The alias is taken: by this very creation, when a try of it with the same key ran
      // alongside (a double tap on a flaky connection) or its answer was lost; else by another.
      const takenUnlessReplay = async (): Promise<{ replay: CreateLinkResponse }> => {
        const replay = key === undefined ? undefined : await replayAt(requested, token, asked);
        if (replay !== undefined) return { replay };
        throw new AppError('alias_taken', 409);
      };
      // A retry is answered before anything else is asked (the budget, a password's hash).
      if (key !== undefined) {
        const replay = await replayAt(requested, token, asked);
        if (replay !== undefined) return { replay };
      }
      // A taken alias is refused before the budget is asked (the insert below still settles races).
      // A keyed creation asks no budget, so the insert alone decides: that spares a bulk creation
      // one lookup per aliased item, queued behind each other on SQLite's one connection.
      if (apiKeyId === undefined && (await deps.links.aliasTaken(requested))) return takenUnlessReplay();
      await admit();
      const stored = await storedOptions(options, deps.passwordCost);
      try {
        return await insertWithAlias(requested, url, stored, view, apiKeyId, token);
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        return takenUnlessReplay();
      }
    }

    // Without a custom alias, a keyed creation tries its key's alias first: a retry finds it there.
    let keyed = key === undefined ? undefined : aliasForKey(key);
    if (keyed !== undefined) {
      const replay = await replayAt(keyed, token, asked);
      if (replay !== undefined) return { replay };
    }
    await admit();
    const stored = await storedOptions(options, deps.passwordCost);
    for (let attempt = 1; ; attempt++) {
      const alias = keyed ?? randomAlias();
      try {
        return await insertWithAlias(alias, url, stored, view, apiKeyId, token);
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        if (keyed !== undefined) {
          const replay = await replayAt(keyed, token, asked);
          if (replay !== undefined) return { replay };
          keyed = undefined;
        }
        if (attempt >= RANDOM_ALIAS_ATTEMPTS) throw error;
      }
    }
  }

  /** Creates the link, or answers the one an earlier request with the same key made (nothing is stored again). */
  async function createOnce(input: CreateLinkInput, options: CreateLinkOptions): Promise<CreationResult> {
    const created = await create(input, options.admit ?? (async () => undefined), options.apiKeyId, options.idempotencyKey);
    if ('replay' in created) return { link: created.replay, replayed: true };
    await deps.onCreated(created);
    return { link: created.response, replayed: false };
  }

  return {
    shortUrlFor,

    createOnce,

    async createLink(input: CreateLinkInput, options: CreateLinkOptions = {}): Promise<CreateLinkResponse> {
      return (await createOnce(input, options)).link;
    },
  };
}

export type LinkService = ReturnType<typeof createLinkService>;
