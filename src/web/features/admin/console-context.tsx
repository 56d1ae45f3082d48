// The signed-in operator's session as the console's sections see it: the client bound to the
// session's CSRF token, and what to do with a failure (a session that ended asks for a new
// sign-in over the console, which stays as it was; anything else is the server's pt-BR message).
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import type { AdminSession } from '../../../shared/admin-api';
import { toast } from '../../components/ui/use-toast';
import { ApiError } from '../../lib/api';
import { type AdminClient, adminClient, CSRF_REFUSED, isSessionEnded } from './admin-client';
import { adminTexts as t } from './admin-texts';

interface ConsoleContextValue {
  session: AdminSession;
  client: AdminClient;
  /**
   * The session ended (12 hours, 'Sair' in another tab, the operator removed): the page asks
   * for a sign-in in a dialog, over the console left as it is. `during`: what found out, an
   * action (which was not done: the dialog says so; the default) or a read.
   */
  sessionEnded(during?: 'action' | 'read'): void;
  /**
   * An action was refused for its CSRF token (csrf_refused): the cookie may carry another session
   * now (signed in again in another tab). Resolves true when the page took that session (and
   * told the operator the action was not done) or found none (sessionEnded).
   */
  sessionMayHaveChanged(): Promise<boolean>;
}

const ConsoleContext = createContext<ConsoleContextValue | null>(null);

// One function, not one a render: the context's value (and its client) changes with it.
const noSessionCheck = async (): Promise<boolean> => false;

export function ConsoleProvider({
  session,
  onSessionEnded,
  onCsrfRefused = noSessionCheck,
  children,
}: {
  session: AdminSession;
  onSessionEnded(during?: 'action' | 'read'): void;
  onCsrfRefused?(): Promise<boolean>;
  children: ReactNode;
}) {
  // A new session (signed in again) gives a new client, with its CSRF token: every section reads
  // its data again, and the next action carries the new token.
  const value = useMemo(
    () => ({ session, client: adminClient(session.csrfToken), sessionEnded: onSessionEnded, sessionMayHaveChanged: onCsrfRefused }),
    [session, onSessionEnded, onCsrfRefused],
  );
  return <ConsoleContext.Provider value={value}>{children}</ConsoleContext.Provider>;
}

export function useConsole(): ConsoleContextValue {
  const value = useContext(ConsoleContext);
  if (value === null) throw new Error('useConsole outside ConsoleProvider');
  return value;
}

/**
 * For an action's own failure handling: true when the failure was the session's (ended, or
 * replaced in another tab: csrf_refused) and the page has dealt with it (the sign-in dialog, or
 * the cookie's new session taken and the operator told the action was not done).
 */
export function useSessionFailure(): (error: unknown) => Promise<boolean> {
  const { sessionEnded, sessionMayHaveChanged } = useConsole();
  return useCallback(
    async (error: unknown) => {
      if (isSessionEnded(error)) {
        sessionEnded('action');
        return true;
      }
      return error instanceof ApiError && error.code === CSRF_REFUSED && (await sessionMayHaveChanged());
    },
    [sessionEnded, sessionMayHaveChanged],
  );
}

/** The pt-BR words of a failure: the server's, the offline note, or `fallback` when there is no answer to read. */
export function messageOf(error: unknown, fallback: string = t.loadFailed): string {
  if (error instanceof ApiError) return error.serverMessage ?? (error.status === 0 ? t.signIn.offline : fallback);
  return fallback;
}

/** The server's words when it refused the field whose error code is `code` (invalid_domain…): shown under that field. */
export function fieldRefusal(error: unknown, code: string): string | undefined {
  return error instanceof ApiError && error.code === code ? messageOf(error) : undefined;
}

/**
 * Whether the server refused the request itself (a 4xx other than a timeout or a rate limit, and
 * not a session that ended): sending it again gets the same answer, so it is no load failure to
 * retry but something to change (a search the server cannot read).
 */
export function isRefusal(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429 && !isSessionEnded(error);
}

/** A thing the action was about is gone (404) or changed under it (409): the page shown is stale. */
const isStale = (error: unknown): boolean => error instanceof ApiError && (error.status === 404 || error.status === 409);

export interface Loaded<T> {
  /** The latest answer for this key (kept while the same key loads again, never under another key). */
  data: T | undefined;
  error: string | undefined;
  /** The error is the server refusing the request itself (isRefusal): retrying would not help. */
  refused: boolean;
  loading: boolean;
  reload(): void;
}

interface LoadState<T> {
  for: string;
  key: string;
  data: T | undefined;
  error: string | undefined;
  refused: boolean;
}

/**
 * Reads something for a section once hydrated, again when `key` changes, on reload() or with a
 * new session. A session that ended asks for a sign-in (sessionEnded), after which it reads
 * again. What was read for another key is never returned: results of the previous search must
 * not stand under the next one, nor its actions.
 */
export function useLoad<T>(load: (client: AdminClient) => Promise<T>, key: string): Loaded<T> {
  const { client, sessionEnded } = useConsole();
  const [round, setRound] = useState(0);
  const requested = `${round} ${key}`;
  const [state, setState] = useState<LoadState<T>>({ for: '', key: '', data: undefined, error: undefined, refused: false });
  useEffect(() => {
    let current = true;
    load(client).then(
      (data) => {
        if (current) setState({ for: requested, key, data, error: undefined, refused: false });
      },
      (error: unknown) => {
        if (!current) return;
        if (isSessionEnded(error)) sessionEnded('read');
        else setState((previous) => ({ for: requested, key, data: previous.key === key ? previous.data : undefined, error: messageOf(error), refused: isRefusal(error) }));
      },
    );
    return () => {
      current = false;
    };
    // `load` is a new function each render; what it reads is in `key`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [client, requested, sessionEnded]);
  const reload = useCallback(() => setRound((n) => n + 1), []);
  const settled = state.for === requested;
  return { data: state.key === key ? state.data : undefined, error: settled ? state.error : undefined, refused: settled && state.refused, loading: !settled, reload };
}

export interface Paged<Item> {
  /** Every item of the pages loaded so far; undefined before the first page. */
  items: Item[] | undefined;
  error: string | undefined;
  /** The error is the server refusing the request itself (isRefusal): shown as the query's error, without a retry. */
  refused: boolean;
  /** Whether a page further on exists. */
  hasMore: boolean;
  loadingMore: boolean;
  loadMore(): void;
  /** Reads again every page loaded so far (only the first when none is), keeping them on screen meanwhile. */
  reload(): void;
  /** What the error's retry button does: reload() after a failed read of the list, loadMore() after a failed next page. */
  retry(): void;
}

/** Reads pages from the first until `count` are read or the list ends. */
async function readPages<Page extends { nextCursor: string | null }>(
  loadPage: (client: AdminClient, cursor: string | undefined) => Promise<Page>,
  client: AdminClient,
  count: number,
): Promise<Page[]> {
  const pages: Page[] = [];
  let cursor: string | undefined;
  do {
    const page = await loadPage(client, cursor);
    pages.push(page);
    cursor = page.nextCursor ?? undefined;
  } while (cursor !== undefined && pages.length < count);
  return pages;
}

/**
 * A list read page by page (`nextCursor`): the first page once hydrated (useLoad), the next ones
 * appended by loadMore(). reload() (what the sections call after an action) reads as many pages
 * again as are loaded and swaps them in at once: an operator who acted on the 120th item keeps the
 * 150 loaded, the changed item in its new state and the scroll position, instead of falling back
 * to 50 at the top. A change of `key` starts again from the first page, showing nothing of the old key.
 */
export function usePaged<Page extends { items: unknown[]; nextCursor: string | null }>(
  loadPage: (client: AdminClient, cursor: string | undefined) => Promise<Page>,
  key: string,
): Paged<Page['items'][number]> & { first: Loaded<Page> } {
  type Item = Page['items'][number];
  const { client, sessionEnded } = useConsole();
  // How many pages of which key are on screen, for a reload to read as many again (one for a new key).
  const loaded = useRef({ key: '', count: 0 });
  const list = useLoad((reader) => readPages(loadPage, reader, loaded.current.key === key ? Math.max(1, loaded.current.count) : 1), key);
  // Pages loaded after a read of the list belong to it: a new read (a reload, another key) drops them.
  const [more, setMore] = useState<{ after: Page[] | undefined; pages: Page[]; error?: string }>({ after: undefined, pages: [] });
  const current = more.after === list.data ? more : { after: list.data, pages: [] };
  const pages = list.data === undefined ? [] : [...list.data, ...current.pages];
  useEffect(() => {
    loaded.current = { key, count: pages.length };
  }, [key, pages.length]);
  const [loadingMore, setLoadingMore] = useState(false);
  const last = pages.at(-1);
  const loadMore = () => {
    const cursor = last?.nextCursor;
    if (cursor == null || list.loading) return;
    const after = list.data;
    setLoadingMore(true);
    loadPage(client, cursor)
      .then(
        (page) => setMore({ after, pages: [...current.pages, page] }),
        (error: unknown) => {
          if (isSessionEnded(error)) sessionEnded('read');
          else setMore({ after, pages: current.pages, error: messageOf(error) });
        },
      )
      .finally(() => setLoadingMore(false));
  };
  return {
    first: { ...list, data: list.data?.[0] },
    items: list.data === undefined ? undefined : pages.flatMap((page) => page.items as Item[]),
    error: list.error ?? current.error,
    refused: list.refused,
    hasMore: last?.nextCursor != null,
    loadingMore,
    loadMore,
    reload: list.reload,
    retry: list.error === undefined && current.error !== undefined ? loadMore : list.reload,
  };
}

/**
 * Runs an operator action: its message in a toast (success, or the refusal), then `after` (a
 * reload of the list), or `refused` with the failure (a form shows a refused field under it).
 * Resolves true when nothing is left to do where the action was asked: it went through, or the
 * page was stale (404: the thing is gone; 409: it changed meanwhile), in which case the list is
 * read again too, so a card of something deleted elsewhere loses its buttons and a confirmation
 * dialog closes instead of offering the same failing action again.
 */
export function useAction(): {
  busy: string | undefined;
  run(id: string, action: (client: AdminClient) => Promise<{ message: string }>, after?: () => void, refused?: (error: unknown) => void): Promise<boolean>;
} {
  const { client } = useConsole();
  const sessionFailure = useSessionFailure();
  const [busy, setBusy] = useState<string | undefined>();
  const run = useCallback(
    async (id: string, action: (client: AdminClient) => Promise<{ message: string }>, after?: () => void, refused?: (error: unknown) => void) => {
      setBusy(id);
      try {
        const result = await action(client);
        toast({ title: result.message, variant: 'success' });
        after?.();
        return true;
      } catch (error) {
        // Not done, and not tried again once signed in: the operator, back where they were with
        // what they typed, decides (and the new session's token goes with it).
        if (await sessionFailure(error)) return false;
        toast({ title: messageOf(error), variant: 'destructive' });
        refused?.(error);
        if (!isStale(error)) return false;
        after?.();
        return true;
      } finally {
        setBusy(undefined);
      }
    },
    [client, sessionFailure],
  );
  return { busy, run };
}
