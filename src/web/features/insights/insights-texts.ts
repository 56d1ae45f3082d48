// Every pt-BR text of one link's statistics (/dashboard/:alias), and the names shown for the
// values the API counts (src/shared/insights.ts): sources, devices, systems, browsers,
// countries, Brazilian states, hours.
import { DIRECT_SOURCE, type InsightRange, MAX_NAMED_VALUES, OTHER_VALUE, UNKNOWN_VALUE } from '../../../shared/insights';
import { formatNumber } from '../../lib/format';
import { formatDay, formatDayMonth } from '../../lib/format-on-demand';

function plural(count: number, one: string, many: string): string {
  return `${formatNumber(count)} ${count === 1 ? one : many}`;
}

const clicks = (count: number) => plural(count, 'clique', 'cliques');

/**
 * The clock the hours are read on (STATS_TIMEZONE): "horário de Brasília" for the default, the
 * zone's own name otherwise (browsers' pt-BR names for other zones are unreliable: Lisbon comes
 * out as "Europa Central").
 */
function zoneWords(timeZone: string): string {
  return timeZone === 'America/Sao_Paulo' ? 'horário de Brasília' : `fuso horário ${timeZone}`;
}

/** "hoje", "nos últimos 7 dias"… : the range inside a sentence. */
function rangePhrase(days: InsightRange): string {
  return days === 1 ? 'hoje' : `nos últimos ${days} dias`;
}

export const insightsTexts = {
  eyebrow: 'Estatísticas do link',
  intro: 'Cliques por dia e por hora, de onde vieram, em que aparelhos e de que lugares. Só este navegador, que guarda o código do link, vê estes números.',
  /** The intro when the site counts clicks per day only (INSIGHTS=false): it promises no breakdowns. */
  introDaysOnly: 'Cliques por dia deste link. Só este navegador, que guarda o código do link, vê estes números.',
  pageTitle: (alias: string) => `Estatísticas de ${alias}`,
  backToList: 'Meus links',
  destination: 'Destino:',
  needsJavaScript: 'Ative o JavaScript no seu navegador para ver as estatísticas deste link.',

  notSavedTitle: 'Este link não está salvo neste navegador',
  notSavedText:
    'As estatísticas só aparecem no navegador em que o link foi criado, ou em outro para onde a lista foi importada. ' +
    'Se você tem a lista exportada, importe-a em Meus links.',
  notSavedAction: 'Ir para Meus links',

  rangeLabel: 'Período',
  rangeTab: (days: InsightRange) => (days === 1 ? 'Hoje' : `${days} dias`),
  downloadCsv: 'Baixar CSV',
  csvDownloadedTitle: 'Arquivo baixado',
  csvDownloadedDescription: 'Abra o CSV no Excel, no Google Planilhas ou no LibreOffice.',

  loading: 'Carregando as estatísticas',
  updating: 'Atualizando',
  /** Said once a range's figures are in: "Últimos 7 dias: 9 cliques", "Hoje: 1 clique". */
  rangeSummary: (days: InsightRange, count: number) => `${days === 1 ? 'Hoje' : `Últimos ${days} dias`}: ${clicks(count)}`,

  totalClicks: (count: number) => (count === 1 ? 'clique' : 'cliques'),
  totalHeading: 'Total de cliques',
  rangeDates: (days: InsightRange, from: string, to: string) => (days === 1 ? `Hoje, ${formatDay(to)}` : `De ${formatDay(from)} a ${formatDay(to)}`),
  averagePerDay: 'Média por dia',
  /** A link created inside the range: averaged over the days it existed. */
  averageSinceCreation: 'Média por dia desde a criação',
  bestDay: 'Melhor dia',
  bestHour: 'Melhor hora',
  bestValue: (label: string, count: number) => `${label} · ${clicks(count)}`,
  none: '—',

  whatsappTitle: 'Compartilha no WhatsApp?',
  whatsappNote:
    'O WhatsApp não informa de onde veio o clique: quem abre o link por lá aparece como “Direto (sem origem)”. ' +
    'Para ver esses cliques como WhatsApp, compartilhe o link copiado por este botão.',

  emptyTitle: (days: InsightRange) => `Nenhum clique ${rangePhrase(days)}`,
  emptyText: 'Quando alguém abrir o link, os cliques aparecem aqui, com a origem, o aparelho e o local de cada um.',

  noBreakdownsTitle: 'Detalhes dos cliques desativados',
  noBreakdownsText:
    'Este site não coleta detalhes dos cliques (origem, aparelho, sistema, navegador, local e horário). Aqui aparecem só o total e os cliques por dia.',

  dailyTitle: 'Cliques por dia',
  dailyLabel: (from: string, to: string, total: number, best: { day: string; clicks: number } | undefined) =>
    // One day (a link created today, on a longer range): not "de 28/11 a 28/11".
    `Cliques por dia, ${from === to ? `em ${formatDayMonth(to)}` : `de ${formatDayMonth(from)} a ${formatDayMonth(to)}`}: ${clicks(total)} no total` +
    (best === undefined ? '.' : `; o dia com mais cliques foi ${formatDayMonth(best.day)}, com ${clicks(best.clicks)}.`),
  dailyBar: (day: string, count: number) => `${formatDayMonth(day)}: ${clicks(count)}`,
  dailyCreatedOn: (day: string) => `Link criado em ${formatDayMonth(day)}.`,
  dailyCaption: 'Cliques por dia',
  dayColumn: 'Dia',
  today: 'hoje',

  hoursTitle: 'Cliques por hora do dia',
  hoursNote: (timeZone: string) => `${zoneWords(timeZone).replace(/^./, (first) => first.toUpperCase())}.`,
  hoursLabel: (total: number, best: { hour: number; clicks: number } | undefined, timeZone: string) =>
    `Cliques por hora do dia, ${zoneWords(timeZone)}: ${clicks(total)}` +
    (best === undefined ? '.' : `; a hora com mais cliques foi ${hourLabel(best.hour)}, com ${clicks(best.clicks)}.`),
  hourBar: (hour: number, count: number) => `${hourLabel(hour)}: ${clicks(count)}`,
  hoursCaption: (timeZone: string) => `Cliques por hora do dia (${zoneWords(timeZone)})`,
  hourColumn: 'Hora',

  showTable: 'Ver tabela',
  clicksColumn: 'Cliques',
  shareColumn: 'Parte do total',
  showAll: (count: number) => `Mostrar todos (${formatNumber(count)})`,
  showFewer: 'Mostrar menos',

  sourcesTitle: 'Origens',
  /** Under the sources when some are counted as OTHER_VALUE (past MAX_NAMED_VALUES in a day). */
  sourcesOtherNote: `Outros: em um mesmo dia, até ${MAX_NAMED_VALUES} origens aparecem pelo nome; os cliques das demais são somados aqui.`,
  sourceColumn: 'Origem',
  devicesTitle: 'Aparelhos',
  deviceColumn: 'Aparelho',
  systemsTitle: 'Sistemas',
  systemColumn: 'Sistema',
  browsersTitle: 'Navegadores',
  browserColumn: 'Navegador',
  countriesTitle: 'Países',
  countryColumn: 'País',
  breakdownEmpty: 'Sem dados neste período.',

  placesTitle: 'Locais',
  statesTitle: 'Estados do Brasil',
  statesCaption: 'Cliques por estado do Brasil',
  stateColumn: 'Estado',
  statesNote: 'Estimado pelo endereço de internet de quem clicou: pode não ser exato.',
  statesEmpty: 'Nenhum clique com estado identificado neste período.',
  /** The clicks of the range the states leave out, under their table ("Parte do total" is of every click). */
  /** The CSV's name for the region 'unknown' (from abroad, or not placed). */
  statesUnlocatedName: 'Sem estado identificado',
  statesUnlocated: (count: number) => `Sem estado identificado: ${clicks(count)}, de fora do Brasil ou de endereços não localizados.`,
  /** The server has no city-level database (GEOIP_CITY_DB): no click gets a state. */
  statesUnavailable: 'Este site não identifica o estado de quem clica, apenas o país.',
  mapLabel: (total: number, top: readonly { name: string; clicks: number }[]) =>
    `Mapa do Brasil com os estados coloridos pelos cliques: ${clicks(total)} com estado identificado` +
    (top.length === 0 ? '.' : `; mais cliques em ${top.map((entry) => `${entry.name} (${formatNumber(entry.clicks)})`).join(', ')}.`),
  mapState: (name: string, count: number) => `${name}: ${clicks(count)}`,
  mapLoading: 'Carregando o mapa',
  mapLegendNone: 'sem cliques',
  mapLegendFewer: 'menos',
  mapLegendMore: 'mais',
  mapCredit: 'Mapa:',
  mapCreditWork: '@svg-maps/brazil',
  mapCreditBasis: ', baseado em MapSVG,',
  mapCreditLicense: 'CC BY 4.0',

  removedTitle: 'Este link foi excluído',
  removedText: 'Ele não funciona mais e os cliques registrados foram apagados.',
  forbiddenTitle: 'Sem acesso a este link',
  forbiddenText: 'O código guardado neste navegador não vale mais para este link: ele pode ter sido excluído e o endereço, reutilizado.',
  forget: 'Tirar da lista',
  forgottenTitle: 'Retirado da lista',
  forgottenDescription: (shortUrl: string) => `${shortUrl} não aparece mais em Meus links.`,
  rateLimitedTitle: 'Muitas consultas em pouco tempo',
  rateLimitedText: (seconds: number) =>
    seconds > 0 ? `Tentaremos de novo em ${plural(seconds, 'segundo', 'segundos')}.` : 'Tentando de novo...',
  networkTitle: 'Sem conexão com o site',
  networkText: 'Verifique a sua internet e tente de novo.',
  errorTitle: 'Não foi possível carregar as estatísticas',
  errorFallback: 'Tente de novo em instantes.',
  retry: 'Tentar de novo',
} as const;

/** "0h" … "23h". */
export function hourLabel(hour: number): string {
  return `${hour}h`;
}

const SOURCE_NAMES: Readonly<Record<string, string>> = {
  [DIRECT_SOURCE]: 'Direto (sem origem)',
  [OTHER_VALUE]: 'Outros',
  [UNKNOWN_VALUE]: 'Desconhecida',
  whatsapp: 'WhatsApp',
  instagram: 'Instagram',
  facebook: 'Facebook',
  messenger: 'Messenger',
  google: 'Google',
  bing: 'Bing',
  yahoo: 'Yahoo',
  duckduckgo: 'DuckDuckGo',
  email: 'E-mail',
  'e-mail': 'E-mail',
  x: 'X (Twitter)',
  twitter: 'X (Twitter)',
  youtube: 'YouTube',
  tiktok: 'TikTok',
  kwai: 'Kwai',
  linkedin: 'LinkedIn',
  telegram: 'Telegram',
  pinterest: 'Pinterest',
  reddit: 'Reddit',
  threads: 'Threads',
  discord: 'Discord',
  snapchat: 'Snapchat',
  sms: 'SMS',
  qr: 'QR code',
  qrcode: 'QR code',
};

/** A source's name: the known ones in pt-BR, anything else (a site's host, a campaign's utm_source) as it came. */
export function sourceLabel(key: string): string {
  return SOURCE_NAMES[key] ?? key;
}

const DEVICE_NAMES: Readonly<Record<string, string>> = {
  mobile: 'Celular',
  tablet: 'Tablet',
  desktop: 'Computador',
  other: 'Outro',
  [UNKNOWN_VALUE]: 'Desconhecido',
};

export function deviceLabel(key: string): string {
  return DEVICE_NAMES[key] ?? key;
}

const SYSTEM_NAMES: Readonly<Record<string, string>> = {
  android: 'Android',
  ios: 'iOS',
  windows: 'Windows',
  macos: 'macOS',
  linux: 'Linux',
  chromeos: 'ChromeOS',
  other: 'Outro',
  [UNKNOWN_VALUE]: 'Desconhecido',
};

export function systemLabel(key: string): string {
  return SYSTEM_NAMES[key] ?? key;
}

const BROWSER_NAMES: Readonly<Record<string, string>> = {
  chrome: 'Chrome',
  safari: 'Safari',
  firefox: 'Firefox',
  'mobile firefox': 'Firefox',
  edge: 'Edge',
  opera: 'Opera',
  'opera mini': 'Opera Mini',
  'opera mobi': 'Opera',
  samsung: 'Samsung Internet',
  'samsung browser': 'Samsung Internet',
  'samsung internet': 'Samsung Internet',
  brave: 'Brave',
  vivaldi: 'Vivaldi',
  yandex: 'Yandex',
  ucbrowser: 'UC Browser',
  'uc browser': 'UC Browser',
  'miui browser': 'Mi Browser',
  duckduckgo: 'DuckDuckGo',
  wechat: 'WeChat',
  webview: 'Navegador de app',
  [OTHER_VALUE]: 'Outro',
  [UNKNOWN_VALUE]: 'Desconhecido',
};

/** Apps that open links in a browser of their own: that browser is named after the app. */
const IN_APP_BROWSERS: Readonly<Record<string, string>> = {
  instagram: 'Instagram',
  facebook: 'Facebook',
  threads: 'Threads',
  tiktok: 'TikTok',
  linkedin: 'LinkedIn',
  telegram: 'Telegram',
  x: 'X',
  snapchat: 'Snapchat',
  pinterest: 'Pinterest',
  kwai: 'Kwai',
  google: 'Google',
  whatsapp: 'WhatsApp',
};

/** A browser's name: known ones spelled as their makers do, an app's own browser as "Instagram (app)", others capitalised. */
export function browserLabel(key: string): string {
  const lower = key.toLowerCase();
  const known = BROWSER_NAMES[lower];
  if (known !== undefined) return known;
  const app = IN_APP_BROWSERS[lower];
  if (app !== undefined) return `${app} (app)`;
  return key.replace(/(^|\s)\S/g, (letter) => letter.toUpperCase());
}

let regionNames: Intl.DisplayNames | null | undefined;

/** Country names as pt-BR writes them ("BR" → "Brasil"); null where Intl cannot (very old browsers). */
function countryNames(): Intl.DisplayNames | null {
  if (regionNames === undefined) {
    try {
      regionNames = new Intl.DisplayNames(['pt-BR'], { type: 'region' });
    } catch {
      regionNames = null;
    }
  }
  return regionNames;
}

/** 'BR' → 'Brasil', 'unknown' → 'Desconhecido', anything Intl does not know as it came. */
export function countryLabel(key: string): string {
  if (key === UNKNOWN_VALUE) return 'Desconhecido';
  if (key === OTHER_VALUE) return 'Outros';
  if (!/^[A-Z]{2}$/i.test(key)) return key;
  try {
    return countryNames()?.of(key.toUpperCase()) ?? key;
  } catch {
    return key;
  }
}

/** The 27 federative units by their ISO 3166-2 code suffix (BR-SP → 'SP'), in pt-BR. */
export const BRAZIL_STATES: Readonly<Record<string, string>> = {
  AC: 'Acre',
  AL: 'Alagoas',
  AP: 'Amapá',
  AM: 'Amazonas',
  BA: 'Bahia',
  CE: 'Ceará',
  DF: 'Distrito Federal',
  ES: 'Espírito Santo',
  GO: 'Goiás',
  MA: 'Maranhão',
  MT: 'Mato Grosso',
  MS: 'Mato Grosso do Sul',
  MG: 'Minas Gerais',
  PA: 'Pará',
  PB: 'Paraíba',
  PR: 'Paraná',
  PE: 'Pernambuco',
  PI: 'Piauí',
  RJ: 'Rio de Janeiro',
  RN: 'Rio Grande do Norte',
  RS: 'Rio Grande do Sul',
  RO: 'Rondônia',
  RR: 'Roraima',
  SC: 'Santa Catarina',
  SP: 'São Paulo',
  SE: 'Sergipe',
  TO: 'Tocantins',
};

/** 'BR-SC' → 'SC' when it is one of the 27, else undefined (another country's region, 'unknown'). */
export function brazilStateCode(key: string): string | undefined {
  const match = /^BR-([A-Z]{2})$/i.exec(key);
  const code = match?.[1]?.toUpperCase();
  return code !== undefined && code in BRAZIL_STATES ? code : undefined;
}

/** 'BR-SC' → 'Santa Catarina'; other regions as they came, 'unknown' → 'Desconhecido'. */
export function regionLabel(key: string): string {
  const code = brazilStateCode(key);
  if (code !== undefined) return BRAZIL_STATES[code] ?? key;
  return key === UNKNOWN_VALUE ? 'Desconhecido' : key;
}
