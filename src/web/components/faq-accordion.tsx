import { ChevronDown } from 'lucide-react';
import type { KeyboardEvent } from 'react';
import { type FaqItem, type FaqParagraph, faqParagraphText } from '../content/faq';
import { useSiteConfig } from '../lib/site-config';
import { TextWithEmail } from './text-with-email';
import { textLinkClass } from './ui/text-link';

/**
 * Questions that open independently, the first one open (spec). Native <details>: the answers
 * are in the page's HTML and open and close without any script (the page arrives rendered and
 * may be read before, or without, JavaScript); the browser gives each question its
 * expanded/collapsed state for screen readers.
 */
export function FaqAccordion({ items }: { items: readonly FaqItem[] }) {
  return (
    <div onKeyDown={moveBetweenQuestions}>
      {items.map((item, index) => (
        <details key={item.id} open={index === 0} className="group border-b border-slate-200 last:border-b-0">
          <summary
            className={
              'flex cursor-pointer list-none items-center justify-between gap-4 rounded-lg px-1 py-4 text-left text-base font-semibold text-slate-900 ' +
              'transition-colors hover:text-primary-ink focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary [&::-webkit-details-marker]:hidden'
            }
          >
            {item.question}
            <ChevronDown aria-hidden="true" className="size-5 shrink-0 text-slate-500 transition-transform duration-200 group-open:rotate-180" />
          </summary>
          <div className="space-y-3 px-1 pb-5 leading-relaxed text-slate-600">
            {item.answer.map((paragraph) => (
              <p key={faqParagraphText(paragraph)}>
                <ParagraphContent paragraph={paragraph} />
              </p>
            ))}
          </div>
        </details>
      ))}
    </div>
  );
}

function ParagraphContent({ paragraph }: { paragraph: FaqParagraph }) {
  const { contactEmail } = useSiteConfig();
  if (typeof paragraph === 'string') return <TextWithEmail text={paragraph} email={contactEmail} />;
  return (
    <>
      {paragraph.before}
      <a
        href={paragraph.link.href}
        className={textLinkClass}
      >
        {paragraph.link.label}
      </a>
      {paragraph.after}
    </>
  );
}

const NEXT: Readonly<Record<string, (index: number, count: number) => number>> = {
  ArrowDown: (index, count) => (index + 1) % count,
  ArrowUp: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_index, count) => count - 1,
};

/** Arrow keys, Home and End move between the questions, as in the accordion pattern. */
function moveBetweenQuestions(event: KeyboardEvent<HTMLDivElement>): void {
  const move = NEXT[event.key];
  const summaries = [...event.currentTarget.querySelectorAll<HTMLElement>(':scope > details > summary')];
  const index = summaries.indexOf(event.target as HTMLElement);
  if (move === undefined || index === -1) return;
  event.preventDefault();
  summaries[move(index, summaries.length)]?.focus();
}
