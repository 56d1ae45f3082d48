// What a page shows when it cannot render: a chunk that could not be fetched even after the
// reload (lib/lazy-with-reload.ts), or any error thrown while rendering. Without a boundary
// React unmounts the whole tree, header and footer included, and the visitor is left with an
// empty grey page and nothing to press. Here the layout stays, the page's place is left empty,
// and the bar every page is served with for an app that cannot load (index.html) is shown:
// its words and its link to reload are already in the page, so the first bundle, which must
// hold this, carries none of them (the home's JavaScript budget has no room for a copy).
import { Component, type ReactNode } from 'react';

const bar = (): HTMLElement | null => document.getElementById('boot-failed');

/**
 * Around the page; another path starts without the error, and the bar goes. (Not remounted by
 * a key on the path: with that remount at every navigation, the in-app visit of a short link no
 * longer showed its 'Redirecionando' spinner in the browser test, for a reason not pinned down.)
 */
export class PageErrorBoundary extends Component<{ children: ReactNode; path: string }, { failed: boolean; path: string }> {
  override state = { failed: false, path: this.props.path };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: { path: string }, state: { path: string }): { failed: boolean; path: string } | null {
    return props.path === state.path ? null : { failed: false, path: props.path };
  }

  override componentDidCatch(): void {
    bar()?.toggleAttribute('hidden', false);
  }

  override componentDidUpdate(): void {
    if (!this.state.failed) bar()?.toggleAttribute('hidden', true);
  }

  override render(): ReactNode {
    return this.state.failed ? null : this.props.children;
  }
}
