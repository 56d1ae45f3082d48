// A page arrives rendered, so its fields can be typed into before the app hydrates them: on a
// slow phone the app takes seconds to arrive and run (3.8 s measured on slow 3G with a 4×
// slower CPU), and a password manager fills a sign-in form at once. React hydrates a
// controlled field with the state it starts from (empty, or what the server posted back) and
// leaves the text on the screen as it is: the form then sent its state, not what was shown
// ("Por favor, insira uma URL válida" under a URL in plain sight), and the next render wiped
// the typing. Once hydrated, each field's text becomes its state.
import { useEffect, useRef } from 'react';

type TextField = HTMLInputElement | HTMLTextAreaElement;

export interface TypedField {
  /** The field's element, once rendered. */
  element(): TextField | null | undefined;
  /** The value the component rendered it with at first. */
  initial: string;
  /** Makes `value` the field's state, as typing it would. */
  adopt(value: string): void;
}

/**
 * After the first render (the hydration), adopts the text of every field whose element holds
 * something other than what it was rendered with. A field mounted in the browser (a page
 * reached by a link in the app) holds its initial value: nothing happens.
 */
export function useTypedBeforeHydration(fields: () => readonly TypedField[]): void {
  // The fields of the first render, with its initial values: later renders do not matter.
  const first = useRef(fields);
  useEffect(() => {
    for (const field of first.current()) {
      const element = field.element();
      if (element !== null && element !== undefined && element.value !== field.initial) field.adopt(element.value);
    }
  }, []);
}
