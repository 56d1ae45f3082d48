// The link options as a form holds them (the text typed in the home form's 'Mais opções'
// fields), read into what checkLinkOptions takes: the form with JavaScript and its plain POST
// (src/server/web/home-form-route.ts) read them alike.
import { type LinkOptionsInput, wallClockToInstant } from './link-options.js';

/** The fields' names, as posted and as CreateLinkRequest names them. */
export const LINK_OPTION_FIELDS = ['expiresAt', 'maxClicks', 'password', 'iosUrl', 'androidUrl'] as const;
export type LinkOptionField = (typeof LINK_OPTION_FIELDS)[number];
/** What is typed in each field ('expiresAt' as an <input type="datetime-local"> value). */
export type LinkOptionFormValues = Record<LinkOptionField, string>;

/**
 * Empty fields are absent, 'expiresAt' is read as Brasília time (EXPIRY_TIME_ZONE), a whole
 * number of clicks becomes a number. What cannot be read is passed on as typed, so the check
 * refuses it with its field's code. A password is taken as typed, spaces included.
 */
export function readLinkOptionForm(values: LinkOptionFormValues): LinkOptionsInput {
  const expiresAt = values.expiresAt.trim();
  const maxClicks = values.maxClicks.trim();
  return {
    expiresAt: expiresAt === '' ? undefined : (wallClockToInstant(expiresAt) ?? expiresAt),
    maxClicks: maxClicks === '' ? undefined : /^\d+$/.test(maxClicks) ? Number(maxClicks) : maxClicks,
    password: values.password === '' ? undefined : values.password,
    iosUrl: values.iosUrl.trim() || undefined,
    androidUrl: values.androidUrl.trim() || undefined,
  };
}
