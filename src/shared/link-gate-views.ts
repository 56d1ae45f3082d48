// Which page a short link with options shows (link-gate.ts), in a module of its own: the app's
// first bundle checks the page context with it (web/lib/page-context.tsx), and a bundle holds a
// module whole, so the gate page's texts and field names stay in the gate page's own chunk.

/** Which page: the link expired, its password is asked, was wrong, or was tried too often. */
export type LinkGateView = 'expired' | 'password' | 'password-wrong' | 'password-limited';

export const LINK_GATE_VIEWS: readonly LinkGateView[] = ['expired', 'password', 'password-wrong', 'password-limited'];

export function isLinkGateView(value: unknown): value is LinkGateView {
  return typeof value === 'string' && (LINK_GATE_VIEWS as readonly string[]).includes(value);
}
