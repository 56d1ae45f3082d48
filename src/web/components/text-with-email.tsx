import { Fragment } from 'react';
import { textLinkClass } from './ui/text-link';

/**
 * `text` as it is written, with each occurrence of `email` a mailto link: on a phone the address
 * opens the mail app in one tap instead of having to be copied out of a sentence. The words stay
 * the same (the FAQ's and the privacy policy's texts are the contract).
 */
export function TextWithEmail({ text, email }: { text: string; email: string }) {
  if (email === '' || !text.includes(email)) return text;
  const parts = text.split(email);
  return parts.map((part, index) => (
    <Fragment key={index}>
      {part}
      {index < parts.length - 1 && (
        <a href={`mailto:${email}`} className={textLinkClass}>
          {email}
        </a>
      )}
    </Fragment>
  ));
}
