import { Menu, X } from 'lucide-react';
import { type FocusEvent, useEffect, useId, useRef, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { PAGE_PATHS } from '../../../shared/routes';
import { useHydrated } from '../../lib/hydration';
import { cn } from '../ui/cn';
import { BrandLogo } from './brand-logo';

export const MAIN_NAV = [
  { to: PAGE_PATHS.home, label: 'Início' },
  { to: PAGE_PATHS.faq, label: 'FAQ' },
  { to: PAGE_PATHS.contact, label: 'Contato' },
  { to: PAGE_PATHS.privacy, label: 'Privacidade' },
] as const;

const desktopLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-full px-4 py-2 text-sm font-semibold transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary',
    isActive ? 'bg-primary-soft text-primary-ink' : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900',
  );

const mobileLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'block rounded-xl px-4 py-3 text-base font-semibold transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary',
    isActive ? 'bg-primary-soft text-primary-ink' : 'text-slate-700 hover:bg-slate-100',
  );

/** Whether this browser has popovers (Chromium 114, Safari 17, Firefox 125 and later). */
function hasPopovers(): boolean {
  return typeof HTMLElement !== 'undefined' && 'popover' in HTMLElement.prototype;
}

/** Whether the browser holds the menu open as a popover (never where it has none). */
function isOpenPopover(menu: HTMLElement | null): menu is HTMLElement {
  return menu !== null && hasPopovers() && menu.matches(':popover-open');
}

/** Closes the menu the browser holds open; its toggle event then updates the app's state. */
function hidePopover(menu: HTMLElement | null): void {
  if (isOpenPopover(menu)) menu.hidePopover();
}

/**
 * The phone menu is a popover opened by its toggle's `popovertarget`: the browser opens and
 * closes it, so it works on the served page before the app has loaded (seconds on a slow phone)
 * and without JavaScript, and it closes on Escape and on a tap elsewhere. The app follows its
 * toggle events for the toggle's label and icon, and closes it when a link is chosen (a
 * navigation inside the app, no page load) or when keyboard focus leaves it and its toggle. In
 * the top layer it is placed against the document: right under the header's phone row (h-17,
 * so top-17).
 * A browser without popovers (Safari before 17) gets the menu from the app once hydrated, as
 * before: the toggle sets `data-open`, which shows it (`site-menu` in styles.css), and Escape
 * or a tap elsewhere close it.
 */
export function SiteHeader() {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLElement>(null);
  const headerRef = useRef<HTMLElement>(null);
  const { pathname } = useLocation();

  const close = () => {
    hidePopover(menuRef.current);
    setOpen(false);
  };
  // Focus Tabbed out of both the menu and its toggle (into the page): the menu closes rather
  // than hang over the page. Focus going nowhere (another window, a tap on the page) is left to
  // the browser's light dismiss.
  const closeWhenFocusLeaves = ({ relatedTarget: next }: FocusEvent) => {
    if (next !== null && next !== toggleRef.current && !menuRef.current?.contains(next)) close();
  };

  // Opened before hydration: the state catches up.
  useEffect(() => {
    if (isOpenPopover(menuRef.current)) setOpen(true);
  }, []);
  // The label and icon follow the state once hydrated (during hydration they must match the
  // served markup, where the stylesheet alone picks them).
  const live = useHydrated();

  // Any navigation (links, back button) closes the menu.
  const [lastPath, setLastPath] = useState(pathname);
  if (lastPath !== pathname) {
    setLastPath(pathname);
    setOpen(false);
  }
  useEffect(() => {
    hidePopover(menuRef.current);
  }, [pathname]);

  // Without popovers, the app closes the menu on Escape and on a tap elsewhere.
  useEffect(() => {
    if (!open || hasPopovers()) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        toggleRef.current?.focus();
      }
    };
    const onPointer = (event: PointerEvent) => {
      if (event.target instanceof Node && !headerRef.current?.contains(event.target)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  return (
    <header ref={headerRef} className="relative z-40 border-b border-slate-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/80">
      <div className="mx-auto flex h-17 max-w-6xl items-center justify-between px-4 py-3 md:h-auto md:flex-col md:gap-3 md:pt-6 md:pb-3">
        <BrandLogo onNavigate={close} />
        <button
          ref={toggleRef}
          type="button"
          className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl text-slate-700 transition-colors hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary md:hidden"
          popoverTarget={menuId}
          aria-expanded={open}
          aria-controls={menuId}
          onBlur={closeWhenFocusLeaves}
          onClick={() => {
            if (!hasPopovers()) setOpen((value) => !value);
          }}
        >
          {/* Both states are in the served markup and, until the app has hydrated, the
              stylesheet shows the one that holds (menu-when-open / menu-when-closed in
              styles.css), so the label and icon are right before the app has loaded and without
              JavaScript. Once hydrated, the app's state picks one. */}
          <span className="menu-when-closed" hidden={live && open}>
            <Menu aria-hidden="true" className="size-6" />
            <span className="sr-only">Abrir menu</span>
          </span>
          <span className="menu-when-open" hidden={live && !open}>
            <X aria-hidden="true" className="size-6" />
            <span className="sr-only">Fechar menu</span>
          </span>
        </button>
        <nav aria-label="Menu principal" className="hidden md:block">
          <ul className="flex items-center justify-center gap-1">
            {MAIN_NAV.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end className={desktopLinkClass}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <nav
        ref={menuRef}
        id={menuId}
        popover="auto"
        data-open={open ? '' : undefined}
        onToggle={(event) => setOpen(event.newState === 'open')}
        onBlur={closeWhenFocusLeaves}
        aria-label="Menu principal"
        className="site-menu absolute inset-x-0 top-17 bottom-auto m-0 h-auto w-auto border-0 border-b border-slate-200 bg-white px-4 pt-2 pb-4 text-inherit shadow-lg motion-safe:animate-menu-in md:hidden"
      >
        <ul className="space-y-1">
          {MAIN_NAV.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} end className={mobileLinkClass} onClick={close}>
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}
