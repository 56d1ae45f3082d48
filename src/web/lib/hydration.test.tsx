import { act, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HydrationProvider, useHydrated, useMarkHydrated } from './hydration';

function Probe() {
  return <p data-testid="probe">{useHydrated() ? 'live' : 'server'}</p>;
}

/** Stands for root-layout.tsx's HydratedMark: marks the app hydrated from its first effect. */
function MarkOnMount() {
  const markHydrated = useMarkHydrated();
  useEffect(() => markHydrated(), [markHydrated]);
  return null;
}

const roots: HTMLElement[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) root.remove();
});

describe('useHydrated', () => {
  it('is true at once in a tree rendered in the browser from scratch (no provider)', () => {
    render(<Probe />);
    expect(screen.getByTestId('probe')).toHaveTextContent('live');
  });

  it('is true at once under a provider that is not hydrating (vite dev)', () => {
    render(
      <HydrationProvider hydrating={false}>
        <Probe />
      </HydrationProvider>,
    );
    expect(screen.getByTestId('probe')).toHaveTextContent('live');
  });

  it("renders the server's value on the server, hydrates it without a mismatch, then turns live once marked", async () => {
    const app = (
      <HydrationProvider hydrating>
        <Probe />
        <MarkOnMount />
      </HydrationProvider>
    );
    const html = renderToString(app);
    expect(html).toContain('server');

    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    roots.push(container);
    const recoverable = vi.fn();
    await act(async () => {
      hydrateRoot(container, app, { onRecoverableError: recoverable });
    });
    expect(container.textContent).toBe('live');
    expect(recoverable).not.toHaveBeenCalled();
  });

  it('stays false while nothing marks the app hydrated', async () => {
    const app = (
      <HydrationProvider hydrating>
        <Probe />
      </HydrationProvider>
    );
    const container = document.createElement('div');
    container.innerHTML = renderToString(app);
    document.body.append(container);
    roots.push(container);
    await act(async () => {
      hydrateRoot(container, app);
    });
    expect(container.textContent).toBe('server');
  });
});
