// Keyboard focus in the console's sections when an action takes it away. Chromium drops focus
// from a button disabled while its action runs, and an element removed from the page (a deleted
// link's card) takes focus with it: either way a keyboard user was left on <body>, at the top of
// the page. Nothing outside this file needs to know how the section keeps it.
import { type RefObject, useEffect } from 'react';

/** The id of the section's heading (console-parts' Section renders it). */
export const SECTION_HEADING_ID = 'console-section';

/** Moves focus to the section's heading: where it goes when what held it left the page. */
export function focusSectionHeading(): void {
  document.getElementById(SECTION_HEADING_ID)?.focus();
}

const isDisabled = (element: HTMLElement): boolean => element.matches(':disabled');

/**
 * Keeps keyboard focus in the section when an action takes it away, instead of leaving it on
 * <body>: a button disabled while its action runs (Chromium drops focus from a disabled element)
 * gets it back once enabled again, with its new label if it has one ('Desativar' → 'Reativar');
 * when the element that had it leaves the page (a deleted link, a resolved report, a revoked
 * key's button), the section's heading gets it. Focus the operator moved elsewhere (a click on
 * the page, another element, a dialog) is left alone.
 */
export function useFocusKeeper(sectionRef: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const section = sectionRef.current;
    if (section === null) return;
    // The element of the section that had focus last, while focus may still come back to it.
    let last: HTMLElement | null = null;
    const onFocusIn = (event: FocusEvent) => {
      last = event.target instanceof HTMLElement && section.contains(event.target) ? event.target : null;
    };
    const onFocusOut = (event: FocusEvent) => {
      const left = event.target;
      if (event.relatedTarget !== null || !(left instanceof HTMLElement)) return;
      // Still on the page and enabled once the current change is done: the operator clicked
      // away. (Chromium also sends focusout just before removing the focused element.)
      queueMicrotask(() => {
        if (left === last && left.isConnected && !isDisabled(left)) last = null;
      });
    };
    const observer = new MutationObserver(() => {
      const focused = document.activeElement;
      if (last === null || (focused !== null && focused !== document.body)) return;
      if (!last.isConnected) focusSectionHeading();
      else if (!isDisabled(last)) last.focus();
    });
    document.addEventListener('focusin', onFocusIn);
    section.addEventListener('focusout', onFocusOut);
    observer.observe(section, { subtree: true, childList: true, attributes: true, attributeFilter: ['disabled'] });
    return () => {
      document.removeEventListener('focusin', onFocusIn);
      section.removeEventListener('focusout', onFocusOut);
      observer.disconnect();
    };
  }, [sectionRef]);
}
