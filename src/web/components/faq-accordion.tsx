import type { FaqItem } from '../content/faq';
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from './ui/accordion';

/** Questions that open independently, the first one open (spec). */
export function FaqAccordion({ items }: { items: readonly FaqItem[] }) {
  return (
    <Accordion type="multiple" defaultValue={items[0] ? [items[0].id] : []}>
      {items.map((item) => (
        <AccordionItem key={item.id} value={item.id}>
          <AccordionTrigger>{item.question}</AccordionTrigger>
          <AccordionContent>
            {item.answer.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </AccordionContent>
        </AccordionItem>
      ))}
    </Accordion>
  );
}
