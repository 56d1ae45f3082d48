// The signed-in operator's session as the console's sections see it: the client bound to the
// session's CSRF token, and what to do with a failure (a session that ended sends the page
// back to the sign-in form with a note; anything else is the server's pt-BR message).
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import type { AdminSession } from '../../../shared/admin-api';
import { toast } from '../../components/ui/use-toast';
import { ApiError } from '../../lib/api';
import { type AdminClient, adminClient, isSessionEnded } from './admin-client';
import { adminTexts as t } from './admin-texts';

interface ConsoleContextValue {
  session: AdminSession;
  client: AdminClient;
  /** The session ended: back to the sign-in form. */
  sessionEnded(): void;
}

const ConsoleContext = createContext<ConsoleContextValue | null>(null);

export function ConsoleProvider({ session, onSessionEnded, children }: { session: AdminSession; onSessionEnded(): void; children: ReactNode }) {
  const value = useMemo(() => ({ session, client: adminClient(session.csrfToken), sessionEnded: onSessionEnded }), [session, onSessionEnded]);
  return <ConsoleContext.Provider value={value}>{children}</ConsoleContext.Provider>;
}

export function useConsole(): ConsoleContextValue {
  const value = useContext(ConsoleContext);
  if (value === null) throw new Error('useConsole outside ConsoleProvider');
  return value;
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

export interface Loaded<T> {
  /** The latest answer (kept while the next one loads). */
  data: T | undefined;
  error: string | undefined;
  loading: boolean;
  reload(): void;
}

/**
 * Reads something for a section once hydrated, again when `key` changes or on reload(). A session
 * that ended sends the operator back to the sign-in form.
 */
export function useLoad<T>(load: (client: AdminClient) => Promise<T>, key: string): Loaded<T> {
  const { client, sessionEnded } = useConsole();
  const [round, setRound] = useState(0);
  const requested = `${round} ${key}`;
  const [state, setState] = useState<{ for: string; data: T | undefined; error: string | undefined }>({ for: '', data: undefined, error: undefined });
  useEffect(() => {
    let current = true;
    load(client).then(
      (data) => {
        if (current) setState({ for: requested, data, error: undefined });
      },
      (error: unknown) => {
        if (!current) return;
        if (isSessionEnded(error)) sessionEnded();
        else setState((previous) => ({ for: requested, data: previous.data, error: messageOf(error) }));
      },
    );
    return () => {
      current = false;
    };
    // `load` is a new function each render; what it reads is in `key`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [client, requested, sessionEnded]);
  const reload = useCallback(() => setRound((n) => n + 1), []);
  return { data: state.data, error: state.for === requested ? state.error : undefined, loading: state.for !== requested, reload };
}

export interface Paged<Item> {
  /** Every item of the pages loaded so far; undefined before the first page. */
  items: Item[] | undefined;
  error: string | undefined;
  /** Whether a page further on exists. */
  hasMore: boolean;
  loadingMore: boolean;
  loadMore(): void;
  reload(): void;
}

/**
 * A list read page by page (`nextCursor`): the first page as useLoad reads it, the next ones
 * appended by loadMore(); a change of `key` or reload() starts again from the first page.
 */
export function usePaged<Page extends { items: unknown[]; nextCursor: string | null }>(
  loadPage: (client: AdminClient, cursor: string | undefined) => Promise<Page>,
  key: string,
): Paged<Page['items'][number]> & { first: Loaded<Page> } {
  type Item = Page['items'][number];
  const first = useLoad((client) => loadPage(client, undefined), key);
  const { client, sessionEnded } = useConsole();
  const [extra, setExtra] = useState<{ after: unknown; items: Item[]; nextCursor: string | null; error?: string }>({ after: undefined, items: [], nextCursor: null });
  const [loadingMore, setLoadingMore] = useState(false);
  // Pages loaded after a first page belong to it: a new first page drops them.
  const current = extra.after === first.data ? extra : { after: first.data, items: [], nextCursor: first.data?.nextCursor ?? null };
  const loadMore = () => {
    if (current.nextCursor === null || first.data === undefined) return;
    const after = first.data;
    setLoadingMore(true);
    loadPage(client, current.nextCursor).then(
      (page) => setExtra({ after, items: [...current.items, ...page.items], nextCursor: page.nextCursor }),
      (error: unknown) => {
        if (isSessionEnded(error)) sessionEnded();
        else setExtra({ ...current, after, error: messageOf(error) });
      },
    ).finally(() => setLoadingMore(false));
  };
  return {
    first,
    items: first.data === undefined ? undefined : [...first.data.items, ...current.items],
    error: first.error ?? current.error,
    hasMore: current.nextCursor !== null,
    loadingMore,
    loadMore,
    reload: first.reload,
  };
}

/**
 * Runs an operator action: its message in a toast (success, or the refusal), then `after` (a
 * reload of the list), or `refused` with the failure (a form shows a refused field under it).
 * Resolves true when the action went through.
 */
export function useAction(): {
  busy: string | undefined;
  run(id: string, action: (client: AdminClient) => Promise<{ message: string }>, after?: () => void, refused?: (error: unknown) => void): Promise<boolean>;
} {
  const { client, sessionEnded } = useConsole();
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
        if (isSessionEnded(error)) sessionEnded();
        else {
          toast({ title: messageOf(error), variant: 'destructive' });
          refused?.(error);
        }
        return false;
      } finally {
        setBusy(undefined);
      }
    },
    [client, sessionEnded],
  );
  return { busy, run };
}
