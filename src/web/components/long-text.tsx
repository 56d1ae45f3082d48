// A text that may be very long (a 2,000-character target), shown on one line cut with an
// ellipsis inside its box, the whole text in its title and, when it is cut, behind 'Mostrar tudo'
// beside the line: a title is out of reach on a touch screen, and a phone is where a long
// target is cut. The button sits on the line, not under it, so the box is as tall cut as it
// would be whole on one line: a text that arrives after the page painted (read in the browser)
// moves nothing. Whether it is cut is measured, as the box's width changes: the text's own width
// against the whole box's, not the line's (the button narrows the line, so a line measured once
// a pixel too narrow, while the page settles, would keep its button and stay cut). The whole
// text is in the page either way, for screen readers and for search. Put it in a box that may
// shrink (min-w-0).
import { type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import { cn } from './ui/cn';

export const longTextTexts = {
  showAll: 'Mostrar tudo',
  showLess: 'Mostrar menos',
} as const;

/** Where the page cannot measure a text (no ResizeObserver: jsdom), past this many characters it counts as cut. */
const LONG_TEXT = 40;

/** `label`: read before the text and cut with it ('Destino: '); not part of the title. */
export function LongText({ text, label, className }: { text: string; label?: ReactNode; className?: string }) {
  const [whole, setWhole] = useState(false);
  const box = useRef<HTMLSpanElement>(null);
  const line = useRef<HTMLSpanElement>(null);
  const measurable = typeof ResizeObserver !== 'undefined';
  const [cut, setCut] = useState(!measurable && [...text].length > LONG_TEXT);
  useLayoutEffect(() => {
    const [outer, element] = [box.current, line.current];
    if (!measurable || outer === null || element === null || whole) return;
    const measure = () => setCut(element.scrollWidth > outer.clientWidth + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(outer);
    return () => observer.disconnect();
  }, [measurable, text, whole]);
  return (
    <span ref={box} className={cn('flex min-w-0 items-baseline gap-2', className)}>
      <span ref={line} className={cn('min-w-0 flex-1', whole ? 'wrap-anywhere' : 'truncate')} title={whole ? undefined : text}>
        {label}
        {text}
      </span>
      {(cut || whole) && (
        <button
          type="button"
          aria-expanded={whole}
          className="shrink-0 rounded text-xs font-semibold text-primary-ink underline underline-offset-2 hover:no-underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary"
          onClick={() => setWhole((shown) => !shown)}
        >
          {whole ? longTextTexts.showLess : longTextTexts.showAll}
        </button>
      )}
    </span>
  );
}
