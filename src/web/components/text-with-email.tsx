import { Fragment } from 'react';

const linkClass =
  'rounded font-semibold text-primary-ink underline underline-offset-2 hover:no-underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary';

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
        <a href={`mailto:${email}`} className={linkClass}>
          {email}
        </a>
      )}
    </Fragment>
  ));
}
