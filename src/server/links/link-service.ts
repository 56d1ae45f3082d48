// Rules for creating links. Routes call this; it calls the repository.
import type { CreateLinkResponse, LinkOptionsView } from '../../shared/api.js';
import { type CheckedLinkOptions, checkLinkOptions, hasAnyOption, type LinkOptionsInput } from '../../shared/link-options.js';
import type { StoredLinkOptions } from '../db/link-statements.js';
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
import { createManageToken, hashManageToken } from './manage-token.js';
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
}

/** The options as stored: undefined for a plain link; the password hashed (slow: after every other check). */
async function storedOptions(options: CheckedLinkOptions): Promise<StoredLinkOptions | undefined> {
  if (!hasAnyOption(options)) return undefined;
  return {
    expiresAt: options.expiresAt,
    maxClicks: options.maxClicks,
    passwordHash: options.password === null ? null : await hashLinkPassword(options.password),
    iosUrl: options.iosUrl,
    androidUrl: options.androidUrl,
  };
}

export function createLinkService(deps: LinkServiceDeps) {
  const shortUrlFor = (alias: string): string => `${deps.publicUrl}/${alias}`;

  async function insertWithAlias(alias: string, url: string, options: StoredLinkOptions | undefined, view: LinkOptionsView, apiKeyId: number | undefined): Promise<CreatedLink> {
    const manageToken = createManageToken();
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

  async function create(input: CreateLinkInput, admit: () => Promise<void>, apiKeyId: number | undefined): Promise<CreatedLink> {
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

    const requested = input.alias === undefined ? '' : normalizeAlias(input.alias);
    if (requested !== '') {
      if (!isValidAliasFormat(requested)) throw new AppError('invalid_alias', 400);
      if (isReservedAlias(requested)) throw new AppError('reserved_alias', 400);
      // A taken alias is refused before the budget is asked (the insert below still settles races).
      // A keyed creation asks no budget, so the insert alone decides: that spares a bulk creation
      // one lookup per aliased item, queued behind each other on SQLite's one connection.
      if (apiKeyId === undefined && (await deps.links.aliasTaken(requested))) throw new AppError('alias_taken', 409);
      await admit();
      const stored = await storedOptions(options);
      try {
        return await insertWithAlias(requested, url, stored, view, apiKeyId);
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('alias_taken', 409);
        throw error;
      }
    }

    await admit();
    const stored = await storedOptions(options);
    for (let attempt = 1; ; attempt++) {
      try {
        return await insertWithAlias(randomAlias(), url, stored, view, apiKeyId);
      } catch (error) {
        if (!isUniqueViolation(error) || attempt >= RANDOM_ALIAS_ATTEMPTS) throw error;
      }
    }
  }

  return {
    shortUrlFor,

    async createLink(input: CreateLinkInput, options: CreateLinkOptions = {}): Promise<CreateLinkResponse> {
      const created = await create(input, options.admit ?? (async () => undefined), options.apiKeyId);
      await deps.onCreated(created);
      return created.response;
    },
  };
}

export type LinkService = ReturnType<typeof createLinkService>;
