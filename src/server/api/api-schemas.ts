// The JSON schemas of the API's routes: Fastify validates requests and serialises responses with
// them, and @fastify/swagger builds the OpenAPI document from them (openapi.ts), so the document
// cannot drift from what the routes do. Descriptions are pt-BR: they are what /api/docs shows.
// Shared shapes are registered once (addApiSchemas) and referenced by id.
import type { FastifyInstance } from 'fastify';
import { ALIAS_MAX_LENGTH } from '../../shared/alias-rules.js';
import { formatInteger } from '../../shared/integer-format.js';
import { BULK_MAX_ITEMS, IDEMPOTENCY_KEY_MAX, IDEMPOTENCY_KEY_MIN, LIST_DEFAULT_LIMIT, LIST_MAX_LIMIT } from '../../shared/api-limits.js';
import { DEFAULT_INSIGHT_RANGE, INSIGHT_RANGES } from '../../shared/insights.js';
import { errorMessages } from '../../shared/messages.js';
import { MAX_OPEN_REPORTS_PER_LINK } from '../abuse/report-repository.js';

/** Security schemes of the document (openapi.ts) and the routes that use them. */
export const SECURITY = {
  apiKey: 'chaveDeApi',
  manageToken: 'codigoDeGerenciamento',
  /** The operator's session cookie (the console's API, src/server/admin). */
  adminSession: 'sessaoDoOperador',
} as const;

export const TAGS = {
  shortLink: 'Link curto',
  links: 'Links',
  keys: 'Chave de API',
  stats: 'Estatísticas do site',
  reports: 'Denúncias',
  /** The operator's console: in the document, not on the public /api/docs page. */
  admin: 'Console do operador',
} as const;

const nullable = (type: string, extra: Record<string, unknown> = {}) => ({ type: [type, 'null'], ...extra });

const optionsViewProperties = {
  expiresAt: nullable('string', { format: 'date-time', description: 'Quando o link expira (ISO 8601), ou null.' }),
  maxClicks: nullable('integer', { description: 'Limite de cliques, ou null.' }),
  clicksLeft: nullable('integer', { description: 'Visitas que ainda serão encaminhadas, quando há limite.' }),
  protected: { type: 'boolean', description: 'Se uma senha é pedida antes da visita.' },
  iosUrl: nullable('string', { description: 'Destino para iPhone e iPad, ou null.' }),
  androidUrl: nullable('string', { description: 'Destino para Android, ou null.' }),
} as const;
const optionsViewRequired = Object.keys(optionsViewProperties);

const linkCore = {
  alias: { type: 'string', description: 'O alias: o link curto é a URL do site seguida de /alias.' },
  shortUrl: { type: 'string', description: 'O link curto completo.' },
  url: { type: 'string', description: 'O destino.' },
  createdAt: { type: 'string', format: 'date-time' },
} as const;

const ERROR_CODES = Object.keys(errorMessages);

/** A link to create: POST /api/links's body, and each item of a bulk creation. */
export const NEW_LINK_SCHEMA = {
  $id: 'NovoLink',
  type: 'object',
  description: 'Um link a criar. Só `url` é obrigatória.',
  required: ['url'],
  additionalProperties: false,
  properties: {
    url: { type: 'string', description: 'O destino, com http:// ou https://.' },
    alias: { type: 'string', description: `Alias desejado (de 3 a ${ALIAS_MAX_LENGTH} letras, números, - ou _). Sem ele, um aleatório é gerado.` },
    expiresAt: { type: ['string', 'null'], description: 'Data de expiração, ISO 8601 com fuso (de 1 minuto a 5 anos à frente).' },
    maxClicks: { type: ['integer', 'null'], description: 'Quantas visitas são encaminhadas (1 a 1.000.000.000); depois, o link responde 410.' },
    password: { type: ['string', 'null'], description: 'Senha pedida antes da visita (4 a 128 caracteres). Guardada só como hash.' },
    iosUrl: { type: ['string', 'null'], description: 'Destino para quem abre no iPhone ou iPad.' },
    androidUrl: { type: ['string', 'null'], description: 'Destino para quem abre no Android.' },
  },
} as const;

/** Shapes referenced by id from the routes (`{ $ref: 'Erro#' }`); each is a component of the document. */
const SHARED_SCHEMAS = [
  {
    $id: 'Erro',
    type: 'object',
    description: 'Toda resposta de erro: um código estável e a mensagem em português para mostrar a quem usa.',
    required: ['error'],
    properties: {
      error: {
        type: 'object',
        required: ['code', 'message'],
        properties: { code: { type: 'string', enum: ERROR_CODES }, message: { type: 'string' } },
      },
    },
  },
  NEW_LINK_SCHEMA,
  {
    $id: 'LinkCriado',
    type: 'object',
    description: 'O link criado. `manageToken` é mostrado só agora: com ele (ou com a chave que o criou) o link é visto e excluído.',
    required: [...Object.keys(linkCore), 'manageToken', ...optionsViewRequired],
    properties: { ...linkCore, manageToken: { type: 'string' }, ...optionsViewProperties },
  },
  {
    $id: 'CliquesPorDia',
    type: 'object',
    required: ['day', 'clicks'],
    properties: { day: { type: 'string', description: 'Dia (AAAA-MM-DD) no fuso das estatísticas.' }, clicks: { type: 'integer' } },
  },
  {
    $id: 'Link',
    type: 'object',
    description: 'Um link com seus cliques dos últimos 30 dias.',
    required: [...Object.keys(linkCore), 'totalClicks', 'daily', 'disabled', ...optionsViewRequired],
    properties: {
      ...linkCore,
      totalClicks: { type: 'integer' },
      daily: { type: 'array', items: { $ref: 'CliquesPorDia#' }, description: '30 dias, do mais antigo a hoje.' },
      disabled: { type: 'boolean', description: 'Se o link foi desativado pela moderação ou o domínio do destino foi bloqueado (responde 410).' },
      ...optionsViewProperties,
    },
  },
  {
    $id: 'ResumoDoLink',
    type: 'object',
    description: 'Um link na listagem da chave.',
    required: [...Object.keys(linkCore), 'totalClicks', 'disabled', ...optionsViewRequired],
    properties: {
      ...linkCore,
      totalClicks: { type: 'integer', description: 'Cliques desde a criação.' },
      disabled: { type: 'boolean', description: 'Se o link foi desativado pela moderação ou o domínio do destino foi bloqueado (responde 410).' },
      ...optionsViewProperties,
    },
  },
  {
    $id: 'Contagem',
    type: 'object',
    required: ['key', 'clicks'],
    properties: { key: { type: 'string' }, clicks: { type: 'integer' } },
  },
] as const;

export function addApiSchemas(app: FastifyInstance): void {
  for (const schema of SHARED_SCHEMAS) app.addSchema(schema);
}

const errorResponse = (description: string) => ({ description, $ref: 'Erro#' });

/** The errors every route may answer, besides its own. */
const commonErrors = {
  // A bad `Bearer ebr_…` key is refused on every route of the API, whatever it does.
  401: errorResponse('Chave de API inválida ou revogada.'),
  429: errorResponse('Limite de requisições atingido; `Retry-After` diz quantos segundos esperar.'),
  500: errorResponse('Erro inesperado do servidor (registrado; os detalhes não são enviados).'),
  503: errorResponse('Serviço temporariamente indisponível; tente de novo em instantes.'),
} as const;

/** The errors of every route that takes a JSON body. */
const bodyErrors = {
  413: errorResponse('A requisição é grande demais.'),
  415: errorResponse('Envie os dados em JSON (Content-Type: application/json).'),
} as const;

const aliasParams = {
  type: 'object',
  required: ['alias'],
  additionalProperties: false,
  properties: { alias: { type: 'string', maxLength: 200, description: 'O alias do link.' } },
} as const;

const ownerSecurity: readonly Readonly<Record<string, readonly string[]>>[] = [{ [SECURITY.manageToken]: [] }, { [SECURITY.apiKey]: [] }];
const ownerErrors = {
  ...commonErrors,
  401: errorResponse('Sem código de gerenciamento, ou chave de API inválida ou revogada.'),
  403: errorResponse('O código de gerenciamento não confere com este link.'),
  404: errorResponse('Link não encontrado (ou criado por outra chave).'),
} as const;

/** The Idempotency-Key header of a creation (links/idempotency-key.ts). */
function idempotencyHeader(description: string) {
  return {
    type: 'object',
    properties: {
      'idempotency-key': {
        type: 'string',
        description,
      },
    },
  } as const;
}

/**
 * The creation's description, with the anonymous limits per address: the document's is written
 * with the server's own (CREATE_RATE_LIMIT_PER_*; openapi.ts), the defaults stand in here.
 */
export function createLinkDescription(perMinute: number, perDay: number): string {
  return `Sem chave, é anônimo e limitado por endereço (${formatInteger(perMinute)} por minuto, ${formatInteger(perDay)} por dia). Com \`Authorization: Bearer <chave>\`, o limite é o da chave e o link passa a pertencer a ela.`;
}

export const createLinkSchema = {
  operationId: 'createLink',
  tags: [TAGS.links],
  summary: 'Criar um link curto',
  description: createLinkDescription(10, 100),
  security: [{}, { [SECURITY.apiKey]: [] }],
  headers: idempotencyHeader(
    `Um valor aleatório novo para cada link (um UUID; de ${IDEMPOTENCY_KEY_MIN} a ${IDEMPOTENCY_KEY_MAX} caracteres visíveis). Se a resposta se perder (a conexão caiu), reenvie o mesmo pedido com a mesma chave: a resposta é o link já criado, com o mesmo código de gerenciamento, e nada é criado de novo. Guarde a chave como o código: quem a tem, tem o código.`,
  ),
  body: { $ref: 'NovoLink#' },
  response: {
    201: { description: 'Link criado (ou, com a mesma Idempotency-Key, o link que o primeiro pedido criou; então com o cabeçalho `Idempotent-Replayed: true`).', $ref: 'LinkCriado#' },
    ...commonErrors,
    ...bodyErrors,
    400: errorResponse('Algum campo é inválido; `error.code` diz qual (invalid_url, invalid_alias, invalid_expires_at, invalid_idempotency_key…).'),
    409: errorResponse('O alias pedido já está em uso.'),
    422: errorResponse('A Idempotency-Key já criou um link com outros dados (idempotency_key_reused).'),
  },
} as const;

export const bulkCreateSchema = {
  operationId: 'bulkCreate',
  tags: [TAGS.keys],
  summary: 'Criar vários links de uma vez',
  description: `De 1 a ${formatInteger(BULK_MAX_ITEMS)} links, cada um como em POST /api/links. A resposta traz um resultado por item, na mesma ordem; a falha de um item não impede os demais.`,
  security: [{ [SECURITY.apiKey]: [] }],
  headers: idempotencyHeader(
    `Um valor aleatório novo para cada pedido em lote (um UUID; de ${IDEMPOTENCY_KEY_MIN} a ${IDEMPOTENCY_KEY_MAX} caracteres visíveis). Se a resposta se perder, reenvie o mesmo pedido com a mesma chave: cada item é respondido como da primeira vez (os mesmos links e códigos), e só o que falhou então é tentado de novo.`,
  ),
  body: {
    type: 'object',
    required: ['links'],
    additionalProperties: false,
    properties: {
      // Each item is checked on its own against NovoLink (a bad item is its own result, not the
      // request's failure); the document shows the items as NovoLink (openapi.ts).
      links: { type: 'array', minItems: 1, maxItems: BULK_MAX_ITEMS, items: {} },
    },
  },
  response: {
    200: {
      description: 'Um resultado por item, na ordem do pedido.',
      type: 'object',
      required: ['results'],
      properties: {
        results: {
          type: 'array',
          items: {
            oneOf: [
              { type: 'object', required: ['ok', 'link'], properties: { ok: { type: 'boolean', const: true }, link: { $ref: 'LinkCriado#' } } },
              {
                type: 'object',
                required: ['ok', 'error'],
                properties: {
                  ok: { type: 'boolean', const: false },
                  error: { type: 'object', required: ['code', 'message'], properties: { code: { type: 'string', enum: ERROR_CODES }, message: { type: 'string' } } },
                },
              },
            ],
          },
        },
      },
    },
    ...commonErrors,
    ...bodyErrors,
    400: errorResponse('O corpo não traz de 1 a 1.000 links em `links`.'),
    401: errorResponse('Sem chave de API, ou chave inválida ou revogada.'),
  },
} as const;

export const listLinksSchema = {
  operationId: 'listLinks',
  tags: [TAGS.keys],
  summary: 'Listar os links da chave',
  description: 'Os links criados com a chave, do mais novo ao mais antigo, com seus cliques. Para a página seguinte, passe `nextCursor` em `cursor`.',
  security: [{ [SECURITY.apiKey]: [] }],
  querystring: {
    type: 'object',
    additionalProperties: false,
    properties: {
      limit: { type: 'string', pattern: '^[0-9]{1,3}$', default: String(LIST_DEFAULT_LIMIT), description: `Links por página, de 1 a ${LIST_MAX_LIMIT} (padrão ${LIST_DEFAULT_LIMIT}).` },
      cursor: { type: 'string', maxLength: 100, description: 'O `nextCursor` da página anterior.' },
    },
  },
  response: {
    200: {
      description: 'Uma página de links.',
      type: 'object',
      required: ['links', 'nextCursor'],
      properties: {
        links: { type: 'array', items: { $ref: 'ResumoDoLink#' } },
        nextCursor: nullable('string', { description: 'Cursor da próxima página, ou null na última.' }),
      },
    },
    ...commonErrors,
    400: errorResponse('`limit` ou `cursor` inválido.'),
    401: errorResponse('Sem chave de API, ou chave inválida ou revogada.'),
  },
} as const;

export const ownerViewSchema = {
  operationId: 'ownerView',
  tags: [TAGS.links],
  summary: 'Ver um link e seus cliques',
  description: 'Com o código de gerenciamento do link, ou com a chave de API que o criou.',
  security: ownerSecurity,
  params: aliasParams,
  response: { 200: { description: 'O link.', $ref: 'Link#' }, ...ownerErrors },
} as const;

export const deleteLinkSchema = {
  operationId: 'deleteLink',
  tags: [TAGS.links],
  summary: 'Excluir um link',
  description: 'Exclui o link e seus cliques para sempre. Com o código de gerenciamento do link, ou com a chave de API que o criou.',
  security: ownerSecurity,
  params: aliasParams,
  response: { 204: { description: 'Excluído.', type: 'null' }, ...ownerErrors },
} as const;

// Ajv does not coerce types here (app.ts), so ?days= arrives as the string it was sent as; a
// repeated parameter arrives as an array and fails `type`. Either failure names the field
// `days`, which http-errors.ts answers as invalid_days. Other parameters are refused
// (unknown_field), as unknown body fields are.
export const insightsSchema = {
  operationId: 'insights',
  tags: [TAGS.links],
  summary: 'De onde vieram os cliques de um link',
  description:
    'Cliques por dia e por hora, e por origem, aparelho, sistema, navegador, país e estado, sem guardar dado pessoal de quem clicou. Cada divisão soma o total do período.',
  security: ownerSecurity,
  params: aliasParams,
  querystring: {
    type: 'object',
    additionalProperties: false,
    properties: {
      days: { type: 'string', enum: INSIGHT_RANGES.map(String), default: String(DEFAULT_INSIGHT_RANGE), description: 'O período: 1 (hoje), 7, 30 ou 90 dias.' },
    },
  },
  response: {
    200: {
      description: 'As divisões dos cliques do período.',
      type: 'object',
      required: ['alias', 'days', 'from', 'to', 'totalClicks', 'daily', 'hours', 'sources', 'devices', 'systems', 'browsers', 'countries', 'regions', 'breakdowns', 'regionLookup'],
      properties: {
        alias: { type: 'string' },
        days: { type: 'integer' },
        from: { type: 'string', description: 'Primeiro dia do período (AAAA-MM-DD).' },
        to: { type: 'string', description: 'Último dia: hoje.' },
        totalClicks: { type: 'integer' },
        daily: { type: 'array', items: { $ref: 'CliquesPorDia#' } },
        hours: { type: 'array', items: { type: 'integer' }, minItems: 24, maxItems: 24, description: 'Cliques por hora do dia, 0 h primeiro.' },
        sources: { type: 'array', items: { $ref: 'Contagem#' }, description: 'Origens: instagram, whatsapp (com utm_source), google, direct… Por link e dia, até 49 nomes e other para o resto; as redes e apps conhecidos e direct têm lugar garantido entre os 49.' },
        devices: { type: 'array', items: { $ref: 'Contagem#' }, description: 'mobile, tablet, desktop, other.' },
        systems: { type: 'array', items: { $ref: 'Contagem#' }, description: 'android, ios, windows, macos, linux, chromeos, other.' },
        browsers: { type: 'array', items: { $ref: 'Contagem#' } },
        countries: { type: 'array', items: { $ref: 'Contagem#' }, description: 'Códigos ISO 3166-1 (BR, PT…) ou unknown.' },
        regions: { type: 'array', items: { $ref: 'Contagem#' }, description: 'Códigos ISO 3166-2 (BR-SP, BR-SC…) ou unknown.' },
        breakdowns: { type: 'boolean', description: 'false quando o site não guarda as divisões (só os cliques).' },
        regionLookup: {
          type: 'boolean',
          description: 'false quando o site não identifica estados (sem base de cidades): os cliques novos entram em regions como unknown.',
        },
      },
    },
    400: errorResponse('Período inválido.'),
    ...ownerErrors,
    503: errorResponse('Serviço temporariamente indisponível, ou estatísticas demais sendo consultadas no site agora; `Retry-After` diz quantos segundos esperar.'),
  },
} as const;

export const statsSchema = {
  operationId: 'stats',
  tags: [TAGS.stats],
  summary: 'Números do site',
  description: 'Links criados e cliques de hoje, dos últimos 7 e dos últimos 30 dias, em todo o site.',
  response: {
    200: {
      description: 'Os números.',
      type: 'object',
      required: ['links_today', 'clicks_today', 'links_last_7_days', 'clicks_last_7_days', 'links_last_30_days', 'clicks_last_30_days'],
      properties: {
        links_today: { type: 'integer' },
        clicks_today: { type: 'integer' },
        links_last_7_days: { type: 'integer' },
        clicks_last_7_days: { type: 'integer' },
        links_last_30_days: { type: 'integer' },
        clicks_last_30_days: { type: 'integer' },
      },
    },
    ...commonErrors,
  },
} as const;

export const reportSchema = {
  operationId: 'report',
  tags: [TAGS.reports],
  summary: 'Denunciar um link',
  description: `Para golpes, phishing ou conteúdo ilegal. A moderação do site analisa os links denunciados. De cada link são guardadas até ${MAX_OPEN_REPORTS_PER_LINK} denúncias à espera de análise; as seguintes são respondidas, mas não guardadas.`,
  body: {
    type: 'object',
    required: ['alias', 'reason'],
    additionalProperties: false,
    properties: {
      alias: { type: 'string', maxLength: 2048, description: 'O alias ou o link curto inteiro.' },
      reason: { type: 'string', maxLength: 4000, description: 'O motivo da denúncia.' },
    },
  },
  response: {
    201: { description: 'Denúncia recebida. A mensagem diz quando o link já tinha denúncias demais à espera de análise e esta não foi guardada.', type: 'object', required: ['message'], properties: { message: { type: 'string' } } },
    ...commonErrors,
    ...bodyErrors,
    400: errorResponse('Motivo curto ou longo demais.'),
    404: errorResponse('Link não encontrado.'),
  },
} as const;

/** An HTML page answer (the short link's routes answer pages, not JSON). */
const pageResponse = (description: string) => ({ description, type: 'string' });

// The short link itself. No params schema: the route normalises and checks the alias itself,
// and a validator would run on every redirect; the generator derives `{alias}` from the path.
export const redirectSchema = {
  operationId: 'visit',
  tags: [TAGS.shortLink],
  summary: 'Abrir um link curto',
  description:
    'O endereço que se compartilha. Para pessoas, 302 para o destino (conta um clique; sem cache). Para robôs de pré-visualização ' +
    '(WhatsApp, Facebook, Telegram, X…), uma página com as tags Open Graph do destino. Respostas em HTML, não em JSON. ' +
    'Os parâmetros da URL curta (como utm_source) seguem para o destino. Um carregamento antecipado do navegador ' +
    '(Sec-Purpose: prefetch) não é uma visita: recebe 503 e não conta clique; quando a pessoa abre o link, o navegador pede de novo.',
  security: [],
  produces: ['text/html'],
  response: {
    200: pageResponse('Página de pré-visualização (robôs), ou a página que pede a senha de um link protegido.'),
    302: { description: 'Redireciona para o destino (cabeçalho Location); para iPhone ou Android, o destino do app, se houver.', type: 'null' },
    404: pageResponse('Link não encontrado.'),
    410: pageResponse('Link desativado pela moderação, com domínio bloqueado, expirado ou sem visitas restantes.'),
    503: pageResponse('Serviço temporariamente indisponível (Retry-After: 5); ou, sem corpo, um carregamento antecipado recusado (Retry-After: 3600).'),
  },
} as const;

export const passwordFormSchema = {
  operationId: 'unlock',
  tags: [TAGS.shortLink],
  summary: 'Enviar a senha de um link protegido',
  description:
    'O formulário da página de senha: corpo application/x-www-form-urlencoded com o campo `password` ' +
    '(e `referrer`, a origem do site de onde o visitante veio, que o script da página preenche para as estatísticas). ' +
    'No máximo 10 tentativas por minuto por endereço e link.',
  security: [],
  consumes: ['application/x-www-form-urlencoded'],
  produces: ['text/html'],
  response: {
    302: { description: 'Senha certa: redireciona para o destino e conta um clique.', type: 'null' },
    303: { description: 'O link não tem senha: volta para ele.', type: 'null' },
    401: pageResponse('Senha incorreta: a mesma página, com o aviso.'),
    404: pageResponse('Link não encontrado.'),
    410: pageResponse('Link desativado, bloqueado, expirado ou sem visitas restantes.'),
    429: pageResponse('Tentativas demais em pouco tempo (Retry-After).'),
    503: pageResponse('Serviço temporariamente indisponível.'),
  },
} as const;
