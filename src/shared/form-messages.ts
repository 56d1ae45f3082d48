// The refusals the site's own forms point out in the browser before anything is sent (the
// target URL, the link options, the report's reason), in the words the API answers with.
// They live here, and messages.ts takes them from here into the whole catalogue, so that the
// home page's first bundle carries these few texts and not every error the API can send (the
// catalogue cost ~2 KB gzip of a 120 KB budget it had all but used up).
import { formatInteger } from './integer-format.js';
import { type LinkOptionErrorCode, MAX_CLICKS_LIMIT, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './link-options.js';
import { REPORT_REASON_MAX, REPORT_REASON_MIN } from './report-rules.js';
import { URL_MAX_LENGTH, type UrlErrorCode } from './url-rules.js';

/** What checkTargetUrl refuses. */
export const urlErrorMessages = {
  invalid_url: 'Por favor, insira uma URL válida',
  url_protocol: 'A URL precisa começar com http:// ou https://.',
  url_too_long: `A URL é longa demais: o máximo é de ${formatInteger(URL_MAX_LENGTH)} caracteres.`,
  url_credentials: 'A URL não pode conter usuário ou senha.',
  self_link: 'Não é possível encurtar um link deste próprio site.',
} as const satisfies Record<UrlErrorCode, string>;

/** What checkLinkOptions refuses. */
export const linkOptionErrorMessages = {
  invalid_expires_at: 'A data de expiração deve ficar entre 1 minuto e 5 anos a partir de agora.',
  invalid_max_clicks: `O limite de cliques deve ser um número inteiro de 1 a ${formatInteger(MAX_CLICKS_LIMIT)}.`,
  invalid_password: `A senha deve ter de ${PASSWORD_MIN_LENGTH} a ${PASSWORD_MAX_LENGTH} caracteres.`,
  invalid_ios_url: 'O link para iPhone e iPad precisa ser uma URL válida com http:// ou https://, de outro site.',
  invalid_android_url: 'O link para Android precisa ser uma URL válida com http:// ou https://, de outro site.',
} as const satisfies Record<LinkOptionErrorCode, string>;

/** An expiresAt that is not an instant (an API caller's mistake: the form sends a well-formed one). */
export const expiresAtFormatMessage =
  'A data de expiração deve ser uma data e hora com fuso horário no formato ISO 8601, como 2027-01-31T18:00:00-03:00 ou 2027-01-31T21:00:00Z.';

/** The report's reason out of its bounds. */
export const invalidReportMessage = `Descreva o motivo da denúncia em ${REPORT_REASON_MIN} a ${formatInteger(REPORT_REASON_MAX)} caracteres.`;

/** Whether `value` is the code of a refused link option (the home form's served answer carries it). */
export const isLinkOptionErrorCode = (value: unknown): value is LinkOptionErrorCode =>
  typeof value === 'string' && Object.hasOwn(linkOptionErrorMessages, value);
