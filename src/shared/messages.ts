// Every pt-BR text that the API can send back, keyed by error code. The browser shows
// `message` from the API as is, so this catalogue and form-messages.ts (the refusals the forms
// also point out in the browser, taken from there) are the only places where these words live.
// The limits in these texts come from the rules they describe, so they cannot drift apart.
import { ADMIN_REASON_MAX, API_KEY_NAME_MAX, API_KEY_PER_MINUTE_MAX } from './admin-limits.js';
import { ALIAS_MAX_LENGTH, ALIAS_MIN_LENGTH } from './alias-rules.js';
import { BULK_MAX_ITEMS, IDEMPOTENCY_KEY_MAX, IDEMPOTENCY_KEY_MIN, LIST_MAX_LIMIT } from './api-limits.js';
import { invalidReportMessage, linkOptionErrorMessages as options, urlErrorMessages as urls } from './form-messages.js';
import { INSIGHT_RANGES } from './insights.js';
import { formatInteger } from './integer-format.js';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './link-options.js';
import { URL_MAX_LENGTH } from './url-rules.js';

export const errorMessages = {
  invalid_url: urls.invalid_url,
  url_protocol: urls.url_protocol,
  url_too_long: urls.url_too_long,
  url_credentials: urls.url_credentials,
  self_link: urls.self_link,
  forbidden_target: 'Não é possível encurtar endereços locais ou de redes privadas.',
  blocked_url: 'Este endereço não pode ser encurtado: o domínio foi bloqueado por abuso.',
  invalid_report: invalidReportMessage,
  invalid_alias: `O alias deve ter de ${ALIAS_MIN_LENGTH} a ${ALIAS_MAX_LENGTH} caracteres e usar apenas letras (a–z), números, hífen (-) ou sublinhado (_).`,
  reserved_alias: 'Este alias é reservado pelo site. Escolha outro.',
  invalid_days: `Escolha um período de ${INSIGHT_RANGES.slice(0, -1).join(', ')} ou ${INSIGHT_RANGES.at(-1)} dias.`,
  alias_taken: 'Este alias personalizado já está em uso.',
  invalid_expires_at: options.invalid_expires_at,
  invalid_max_clicks: options.invalid_max_clicks,
  invalid_password: options.invalid_password,
  invalid_ios_url: options.invalid_ios_url,
  invalid_android_url: options.invalid_android_url,
  invalid_json: 'O corpo da requisição não é um JSON válido.',
  unsupported_media_type: 'Envie os dados em JSON (Content-Type: application/json).',
  payload_too_large: 'A requisição é grande demais.',
  headers_too_large: 'Os cabeçalhos da requisição são grandes demais.',
  request_timeout: 'A requisição demorou demais para chegar. Tente novamente.',
  unknown_field: 'A requisição tem um campo desconhecido.',
  invalid_request: 'Requisição inválida.',
  link_not_found: 'Link não encontrado ou expirado.',
  route_not_found: 'Endereço não encontrado.',
  method_not_allowed: 'Método não permitido.',
  unauthorized: 'É preciso informar o código de gerenciamento deste link.',
  invalid_api_key: 'Chave de API inválida ou revogada.',
  api_key_required: 'Esta operação exige uma chave de API (Authorization: Bearer <chave>).',
  invalid_bulk: `Envie de 1 a ${formatInteger(BULK_MAX_ITEMS)} links em "links".`,
  invalid_limit: `O parâmetro limit deve ser um número inteiro de 1 a ${LIST_MAX_LIMIT}.`,
  invalid_idempotency_key: `O cabeçalho Idempotency-Key deve ter de ${IDEMPOTENCY_KEY_MIN} a ${IDEMPOTENCY_KEY_MAX} caracteres visíveis, sem espaços: use um valor aleatório novo (um UUID) para cada link.`,
  idempotency_key_reused: 'Esta Idempotency-Key já criou um link com outros dados. Use uma chave nova para cada link.',
  invalid_cursor: 'O cursor informado é inválido. Use o valor de nextCursor da página anterior.',
  forbidden: 'O código de gerenciamento não confere com este link.',
  metrics_forbidden: 'Acesso às métricas não permitido.',
  not_signed_in: 'Entre com sua conta de operador para continuar.',
  invalid_credentials: 'E-mail ou senha incorretos.',
  csrf_refused: 'Pedido recusado por segurança: recarregue a página do console e tente de novo.',
  foreign_form: 'Formulário recusado por segurança: envie-o pela página do próprio site.',
  https_required: 'O console só funciona por HTTPS neste servidor. Se o HTTPS termina num proxy, configure TRUST_PROXY.',
  invalid_domain: 'Informe um domínio válido, como exemplo.com.br, ou uma URL com ele.',
  invalid_admin_reason: `O motivo pode ter até ${ADMIN_REASON_MAX} caracteres.`,
  invalid_search: 'Busque por um alias (ou o começo dele), um domínio ou uma URL completa com http:// ou https://.',
  invalid_key_name: `Dê à chave um nome de 1 a ${API_KEY_NAME_MAX} caracteres.`,
  invalid_per_minute: `O limite por minuto deve ser um número inteiro de 1 a ${formatInteger(API_KEY_PER_MINUTE_MAX)}.`,
  key_not_found: 'Chave de API não encontrada.',
  invalid_feed: 'Nenhum domínio válido no arquivo; nada foi importado.',
  rate_limited: 'Muitas tentativas em pouco tempo. Aguarde um pouco e tente novamente.',
  unavailable: 'O serviço está temporariamente indisponível. Tente novamente em instantes.',
  internal: 'Não foi possível concluir a operação. Tente novamente mais tarde.',
} as const;

export type ApiErrorCode = keyof typeof errorMessages;

/**
 * The refusal of the per-day creation limit (code rate_limited): unlike the short limits, waiting
 * "a little" does not help, so it says which limit it is and when it resets.
 */
export function dailyCreationLimitMessage(perDay: number, secondsLeft: number): string {
  return `Você atingiu o limite diário de criação de links (${formatInteger(perDay)} por dia). O limite é renovado em ${waitText(secondsLeft)}.`;
}

/**
 * The refusal of the per-network creation limit (code rate_limited): the person may have sent
 * one request, from a network (a mobile carrier's, a company's) where others created many.
 */
export const networkCreationLimitMessage = 'Muitos links foram criados a partir da sua rede em pouco tempo. Aguarde um pouco e tente novamente.';

/** The refusal of the site-wide creation ceiling (code rate_limited): nothing the person did. */
export const siteCreationLimitMessage = 'Muitos links estão sendo criados no site agora. Aguarde um pouco e tente novamente.';

/**
 * The refusal of a link's statistics when the site's budget for reading them is spent (code
 * unavailable, 503 with Retry-After): many owners, or one flood, asking at once; nothing the
 * person did.
 */
export const siteInsightsBusyMessage = 'Muitas estatísticas estão sendo consultadas no site agora. Aguarde um pouco e tente novamente.';

/** The refusal of the per-network report limit (code rate_limited): others on the person's network reported many. */
export function networkReportLimitMessage(secondsLeft: number): string {
  return `Muitas denúncias foram enviadas a partir da sua rede. Tente novamente em ${waitText(secondsLeft)}.`;
}

/** The refusal of the per-hour report limit (code rate_limited), which "a little" does not end either. */
export function hourlyReportLimitMessage(perHour: number, secondsLeft: number): string {
  return `Você atingiu o limite de denúncias (${formatInteger(perHour)} por hora). Tente novamente em ${waitText(secondsLeft)}.`;
}

/**
 * The pages' forms sent without JavaScript (POST /, POST /denunciar) when the body itself is
 * refused before any field is read: the API's words ("Envie os dados em JSON") mean nothing to
 * a person who pressed the form's button.
 */
export const postedFormMessages = {
  /** The home form past its body bound: only its URL fields can grow that long. */
  homeTooLarge: `O formulário enviado é grande demais: cada URL pode ter até ${formatInteger(URL_MAX_LENGTH)} caracteres.`,
  /** Not form-encoded, or a length that does not match: not what the page's form sends. */
  unreadable: 'Não foi possível ler o formulário enviado. Recarregue a página e tente de novo.',
} as const;

/** 5400 s → "1 h 30 min"; under a minute counts as 1 min. */
function waitText(secondsLeft: number): string {
  const totalMinutes = Math.max(1, Math.ceil(secondsLeft / 60));
  const hours = Math.floor(totalMinutes / 60);
  const minutes = totalMinutes % 60;
  return hours === 0 ? `${minutes} min` : minutes === 0 ? `${hours} h` : `${hours} h ${minutes} min`;
}

// Texts of the redirect flow (spec section 4).
/** The spec's title of a refused creation (its toast; without JavaScript, the plain answer's heading). */
export const createErrorTitle = 'Erro ao personalizar';

export const redirectTexts = {
  notFound: 'Link não encontrado ou expirado.',
  previewWait: 'Você será redirecionado em breve...',
  previewClickHere: 'clique aqui',
  redirecting: 'Redirecionando para o seu link...',
  errorTitle: 'Oops!',
  errorSubtitle: 'Não foi possível encontrar este link.',
  backHome: 'Voltar para a Home',
  defaultDescription: (url: string): string => `Acesse o link: ${url}`,
  blockedTitle: 'Link bloqueado',
  blockedText: 'Este link foi desativado por violar nossas regras de uso.',
  unavailableTitle: 'Serviço temporariamente indisponível',
  unavailableText: 'Não foi possível abrir este link agora. Tente novamente em instantes.',
} as const;

/** Texts of link options: the pages a visitor meets, the home form's fields, the dashboard's badges. */
export const linkOptionTexts = {
  expired: 'Este link expirou.',
  protectedTitle: 'Este link é protegido por senha.',
  wrongPassword: 'Senha incorreta.',
  tooManyAttempts: 'Muitas tentativas em pouco tempo. Aguarde um minuto e tente novamente.',
  passwordLabel: 'Senha',
  open: 'Abrir link',
  /** The crawlers' preview of a protected link (after the site's name). */
  protectedPreview: 'Link protegido por senha',
  moreOptions: 'Mais opções',
  expiresAtLabel: 'Expira em',
  expiresAtHint: 'Horário de Brasília.',
  passwordHint: `De ${PASSWORD_MIN_LENGTH} a ${PASSWORD_MAX_LENGTH} caracteres. Quem abrir o link vai precisar dela.`,
  maxClicksLabel: 'Limite de cliques',
  iosUrlLabel: 'Link para iPhone e iPad',
  androidUrlLabel: 'Link para Android',
  appUrlsHint: 'Quem abrir o link nesses aparelhos vai para este endereço; os demais, para a URL principal.',
  // Brasília's clock named: in Manaus or Rio Branco a bare "18:00" reads as their own.
  badgeExpires: (when: string): string => `expira em ${when} (Brasília)`,
  badgeExpired: 'expirado',
  // "de 1 clique", "de 2 cliques": the noun agrees with the limit.
  badgeClicks: (used: number, max: number): string => `${formatInteger(used)} de ${formatInteger(max)} ${max === 1 ? 'clique' : 'cliques'}`,
  // All clicks used: visitors get "Este link expirou", so the badge says so too.
  badgeClicksUsedUp: (max: number): string => `${formatInteger(max)} de ${formatInteger(max)} ${max === 1 ? 'clique' : 'cliques'} · expirado`,
  badgeProtected: 'protegido',
  badgeApps: 'links para apps',
} as const;

/** Why an iPhone or Android target is refused, when its URL itself is fine. */
export const appTargetTexts = {
  forbidden: (field: string): string => `O link para ${field} não pode ser um endereço local ou de rede privada.`,
  blocked: (field: string): string => `O link para ${field} não pode ser usado: o domínio foi bloqueado por abuso.`,
} as const;

/** Texts of the abuse report ('Denunciar link'). */
export const reportTexts = {
  received: 'Denúncia recebida. Obrigado por ajudar a manter o site seguro.',
  /** The link already has as many open reports as are stored per link: this one is not kept. */
  alreadyUnderReview: 'Este link já recebeu muitas denúncias e está na fila de análise da moderação, por isso não registramos mais esta. Obrigado por ajudar a manter o site seguro.',
  /** This client already reported the link within a day: this one is not kept. */
  alreadyReported: 'Você já denunciou este link nas últimas 24 horas, por isso não registramos esta de novo. Obrigado por ajudar a manter o site seguro.',
} as const;
