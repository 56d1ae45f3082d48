// Rules for creating links. Routes call this; it calls the repository.
import type { CreateLinkResponse } from '../../shared/api.js';
import { isReservedAlias, isValidAliasFormat, normalizeAlias } from '../../shared/alias-rules.js';
import { checkTargetUrl } from '../../shared/url-rules.js';
import type { Calendar, Clock } from '../calendar.js';
import { isUniqueViolation } from '../db/dialect.js';
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

export interface CreateLinkInput {
  url: string;
  alias?: string | undefined;
}

/** A link just stored: what its creator is answered, and its row id. */
export interface CreatedLink {
  id: number;
  response: CreateLinkResponse;
}

export interface CreateLinkOptions {
  /**
   * Asked once the link has passed every rule, right before it is stored; throws to refuse it
   * (the site-wide creation budget). What was refused for its own content never reaches it.
   */
  admit?: () => Promise<void>;
}

export function createLinkService(deps: LinkServiceDeps) {
  const shortUrlFor = (alias: string): string => `${deps.publicUrl}/${alias}`;

  async function insertWithAlias(alias: string, url: string): Promise<CreatedLink> {
    const manageToken = createManageToken();
    const now = deps.clock();
    const createdAt = new Date(now).toISOString();
    const id = await deps.links.insertLink({
      alias,
      url,
      createdAt,
      manageTokenHash: hashManageToken(manageToken),
      day: deps.calendar.dayOf(now),
    });
    return { id, response: { alias, shortUrl: shortUrlFor(alias), url, createdAt, manageToken } };
  }

  async function create(input: CreateLinkInput, admit: () => Promise<void>): Promise<CreatedLink> {
    const checked = checkTargetUrl(input.url, deps.publicHost);
    if (!checked.ok) throw new AppError(checked.code, 400);
    if (isForbiddenTargetHost(checked.url.hostname, deps.allowLoopbackTargets)) throw new AppError('forbidden_target', 400);
    if (deps.isBlockedHost(checked.url.hostname)) throw new AppError('blocked_url', 400);
    const url = checked.url.href;

    const requested = input.alias === undefined ? '' : normalizeAlias(input.alias);
    if (requested !== '') {
      if (!isValidAliasFormat(requested)) throw new AppError('invalid_alias', 400);
      if (isReservedAlias(requested)) throw new AppError('reserved_alias', 400);
      // A taken alias is refused before the budget is asked (the insert below still settles races).
      if ((await deps.links.findByAlias(requested)) !== undefined) throw new AppError('alias_taken', 409);
      await admit();
      try {
        return await insertWithAlias(requested, url);
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('alias_taken', 409);
        throw error;
      }
    }

    await admit();
    for (let attempt = 1; ; attempt++) {
      try {
        return await insertWithAlias(randomAlias(), url);
      } catch (error) {
        if (!isUniqueViolation(error) || attempt >= RANDOM_ALIAS_ATTEMPTS) throw error;
      }
    }
  }

  return {
    shortUrlFor,

    async createLink(input: CreateLinkInput, options: CreateLinkOptions = {}): Promise<CreateLinkResponse> {
      const created = await create(input, options.admit ?? (async () => undefined));
      await deps.onCreated(created);
      return created.response;
    },
  };
}

export type LinkService = ReturnType<typeof createLinkService>;
