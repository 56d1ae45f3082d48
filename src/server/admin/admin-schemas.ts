// The JSON schemas of the console's API (/api/admin/…): Fastify validates and serialises with
// them, and the OpenAPI document describes them under their own tag and security scheme (the
// operator's session cookie), apart from the public API. Descriptions are pt-BR.
import { ADMIN_FEED_MAX_BYTES, ADMIN_LINK_COUNT_CAP, API_KEY_NAME_MAX, API_KEY_PER_MINUTE_MAX, BLOCK_IMPACT_COUNT_MAX, OPERATOR_PASSWORD_MAX } from '../../shared/admin-api.js';
import { formatInteger } from '../../shared/integer-format.js';
import { SECURITY, TAGS } from '../api/api-schemas.js';

const errorResponse = (description: string) => ({ description, $ref: 'Erro#' });
const nullable = (type: string, extra: Record<string, unknown> = {}) => ({ type: [type, 'null'], ...extra });
const integer = (description?: string) => ({ type: 'integer', ...(description === undefined ? {} : { description }) });
const text = (description?: string) => ({ type: 'string', ...(description === undefined ? {} : { description }) });
const instant = (description?: string) => ({ type: 'string', format: 'date-time', ...(description === undefined ? {} : { description }) });
const object = (properties: Record<string, unknown>, description?: string) => ({
  type: 'object',
  required: Object.keys(properties),
  properties,
  ...(description === undefined ? {} : { description }),
});

const session = [{ [SECURITY.adminSession]: [] }];

/** The errors every console route may answer. */
const consoleErrors = {
  401: errorResponse('Sem sessão de operador, ou a sessão expirou (not_signed_in).'),
  500: errorResponse('Erro inesperado do servidor.'),
  503: errorResponse('Serviço temporariamente indisponível.'),
} as const;

/** …and every one that changes something. */
const changeErrors = {
  ...consoleErrors,
  403: errorResponse('Pedido sem o token CSRF da sessão, ou vindo de outro site (csrf_refused).'),
} as const;

const bodyErrors = {
  400: errorResponse('Dados inválidos.'),
  413: errorResponse('A requisição é grande demais.'),
  415: errorResponse('Envie os dados em JSON.'),
} as const;

/** The header every POST and DELETE of a session carries (besides coming from a page of the site). */
const csrfHeader = {
  type: 'object',
  properties: { 'x-csrf-token': { type: 'string', description: 'O csrfToken da sessão (GET /api/admin/session).' } },
} as const;

const actionResult = object(
  { outcome: { type: 'string', enum: ['changed', 'unchanged'] }, message: text('O que aconteceu, em português.') },
  'O resultado da ação.',
);

const aliasParams = { type: 'object', required: ['alias'], additionalProperties: false, properties: { alias: { type: 'string', maxLength: 200 } } } as const;

const linkState = { type: 'string', enum: ['active', 'disabled', 'blocked', 'missing'], description: 'active; disabled (pelo operador); blocked (domínio bloqueado); missing (excluído).' };

const adminSession = object({ operator: object({ email: text() }), csrfToken: text('Mande-o no cabeçalho x-csrf-token em todo POST e DELETE.') });

const topLink = object({ alias: text(), url: text(), clicks: integer() });

const base = { tags: [TAGS.admin], security: session };
const change = (summary: string, operationId: string, extra: Record<string, unknown> = {}) => ({
  ...base,
  summary,
  operationId,
  headers: csrfHeader,
  response: { 200: actionResult, ...changeErrors, 404: errorResponse('Não encontrado.') },
  ...extra,
});

export const sessionSchema = { ...base, summary: 'A sessão atual', operationId: 'sessaoDoOperador', response: { 200: adminSession, ...consoleErrors } };

export const signInSchema = {
  tags: [TAGS.admin],
  security: [],
  summary: 'Entrar',
  description: 'Abre uma sessão de operador (cookie HttpOnly, SameSite=Strict). Limitado a 10 tentativas por minuto por endereço e por e-mail.',
  operationId: 'entrarNoConsole',
  body: {
    type: 'object',
    required: ['email', 'password'],
    additionalProperties: false,
    properties: { email: { type: 'string', maxLength: 320 }, password: { type: 'string', maxLength: OPERATOR_PASSWORD_MAX * 4 } },
  },
  response: {
    200: adminSession,
    400: errorResponse('Dados inválidos, ou o console exige HTTPS (https_required).'),
    401: errorResponse('E-mail ou senha incorretos.'),
    403: errorResponse('Pedido vindo de outro site.'),
    429: errorResponse('Tentativas demais; `Retry-After` diz quantos segundos esperar.'),
    500: consoleErrors[500],
    503: consoleErrors[503],
  },
};

export const signOutSchema = {
  ...base,
  summary: 'Sair',
  operationId: 'sairDoConsole',
  headers: csrfHeader,
  response: { 204: { description: 'Sessão encerrada.', type: 'null' }, ...changeErrors },
};

export const overviewSchema = {
  ...base,
  summary: 'Visão geral',
  operationId: 'visaoGeral',
  response: {
    200: object({
      today: text(),
      daily: { type: 'array', items: object({ day: text(), linksCreated: integer(), clicks: integer() }), description: '90 dias, do mais antigo a hoje.' },
      openReports: integer(),
      reportedLinks: integer(),
      topToday: { type: 'array', items: topLink },
      topWeek: { type: 'array', items: topLink },
      totals: object({ links: integer(), disabledLinks: integer(), blockedDomains: integer(), activeKeys: integer() }),
    }),
    ...consoleErrors,
  },
};

export const reportsSchema = {
  ...base,
  summary: 'Denúncias abertas, por alias',
  description: 'Uma página por vez: os links mais denunciados primeiro, depois os denunciados mais recentemente.',
  operationId: 'denunciasAbertas',
  querystring: { type: 'object', additionalProperties: false, properties: { cursor: { type: 'string', maxLength: 200 } } },
  response: {
    200: object({
      openReports: integer(),
      nextCursor: nullable('string'),
      groups: {
        type: 'array',
        items: object({
          alias: text(),
          url: nullable('string'),
          domain: nullable('string'),
          targets: {
            type: 'array',
            description: 'Os destinos distintos do link (o principal, depois o de iPhone e o de Android quando diferem): os do link, ou os que as denúncias registraram se ele foi excluído.',
            items: object({
              kind: { type: 'string', enum: ['main', 'ios', 'android'] },
              url: text(),
              host: text(),
              domains: { type: 'array', items: text(), description: 'O que pode ser bloqueado por ele: o host exato, depois o domínio registrável quando difere. Vazio quando nada pode.' },
              ip: { type: 'boolean', description: 'O host é um endereço IP: bloqueá-lo bloqueia só esse endereço.' },
              blocked: { type: 'boolean' },
            }),
          },
          state: linkState,
          domainBlocked: { type: 'boolean', description: 'O domínio do destino está bloqueado (também quando o link está desativado).' },
          reports: integer(),
          firstReportedAt: instant(),
          lastReportedAt: instant(),
          reasons: { type: 'array', items: text() },
          lastReportId: integer('O maior id das denúncias abertas do grupo: envie-o como upTo numa ação.'),
        }),
      },
    }),
    ...consoleErrors,
  },
};

const upTo = {
  type: 'integer',
  minimum: 1,
  description: 'O lastReportId do grupo exibido: só as denúncias até ele são resolvidas; as que chegaram depois continuam abertas. Sem ele, todas.',
};
/** The body of an action on a reported link: optional, as before `upTo` existed. */
const reportActionBody = { type: ['object', 'null'], additionalProperties: false, properties: { upTo } };
const reportAction = (summary: string, operationId: string) =>
  change(summary, operationId, { params: aliasParams, body: reportActionBody, response: { 200: actionResult, ...changeErrors, ...bodyErrors, 404: errorResponse('Não encontrado.') } });

export const resolveReportsSchema = reportAction('Resolver as denúncias de um link', 'resolverDenuncias');
export const disableReportedSchema = reportAction('Desativar o link denunciado', 'desativarDenunciado');
export const blockReportedSchema = change('Bloquear o domínio do link denunciado', 'bloquearDominioDenunciado', {
  params: aliasParams,
  body: {
    type: ['object', 'null'],
    additionalProperties: false,
    properties: {
      reason: { type: 'string' },
      upTo,
      domain: { type: 'string', maxLength: 2100, description: 'O domínio a bloquear: um dos domains dos destinos do grupo. Sem ele, o host do destino principal.' },
    },
  },
  response: {
    200: actionResult,
    ...changeErrors,
    ...bodyErrors,
    400: errorResponse(
      'Motivo longo demais (invalid_admin_reason), ou um domínio que não pode ser bloqueado daqui: sem domínio, um sufixo público como com.br, ou um que não é de nenhum destino do link (invalid_domain).',
    ),
    404: errorResponse('Não encontrado.'),
  },
});

const pageQuery = {
  type: 'object',
  additionalProperties: false,
  properties: { q: { type: 'string', maxLength: 2100 }, cursor: { type: 'string', maxLength: 500 } },
} as const;

export const linksSchema = {
  ...base,
  summary: 'Buscar links',
  description: 'Por alias (ou o começo dele), domínio (e subdomínios) ou URL; sem busca, os mais novos.',
  operationId: 'buscarLinks',
  querystring: pageQuery,
  response: {
    200: object({
      mode: { type: 'string', enum: ['alias', 'domain', 'url', 'recent'] },
      links: {
        type: 'array',
        items: object({
          alias: text(),
          shortUrl: text(),
          url: text(),
          createdAt: instant(),
          totalClicks: integer(),
          state: linkState,
          disabledAt: nullable('string'),
          hasOptions: { type: 'boolean' },
          apiKeyId: nullable('integer'),
          iosUrl: nullable('string'),
          androidUrl: nullable('string'),
        }),
      },
      retired: {
        ...nullable('object'),
        required: ['alias', 'retiredAt'],
        properties: { alias: text(), retiredAt: instant() },
        description: 'Na primeira página de uma busca por um alias inteiro que foi de um link excluído: esse alias (ninguém pode criá-lo de novo até um operador liberá-lo); senão, null.',
      },
      nextCursor: nullable('string'),
      matching: {
        ...nullable('object'),
        required: ['count', 'more'],
        properties: { count: integer(), more: { type: 'boolean', description: `true: a busca encontra mais de count links (${formatInteger(ADMIN_LINK_COUNT_CAP)}), que não foram contados além disso.` } },
        description: `Na primeira página: quantos links a busca encontra, contados até ${formatInteger(ADMIN_LINK_COUNT_CAP)}; nas seguintes, null.`,
      },
      tookMs: { type: 'number' },
    }),
    400: errorResponse('Busca ou cursor inválidos.'),
    ...consoleErrors,
  },
};

export const disableLinkSchema = change('Desativar um link', 'desativarLink', { params: aliasParams });
export const enableLinkSchema = change('Reativar um link', 'reativarLink', { params: aliasParams });
export const deleteLinkSchema = change('Excluir um link', 'apagarLinkDoConsole', { params: aliasParams });

export const releaseAliasSchema = change('Liberar o alias de um link excluído', 'liberarAliasExcluido', {
  description: 'O alias de um link excluído fica reservado para sempre; liberado, quem criar um link com ele decide para onde vão os links já compartilhados. "unchanged" quando o alias não é de um link excluído.',
  params: aliasParams,
});

export const blocklistSchema = {
  ...base,
  summary: 'Domínios bloqueados',
  operationId: 'dominiosBloqueados',
  querystring: pageQuery,
  response: {
    200: object({
      domains: { type: 'array', items: object({ domain: text(), reason: nullable('string'), createdAt: instant(), links: integer('Links com algum destino (a URL principal, a de iPhone ou a de Android) no domínio ou num subdomínio: os links que o bloqueio atinge.') }) },
      total: integer(),
      matching: integer('Domínios que o filtro (q) encontra; sem filtro, o mesmo que total.'),
      nextCursor: nullable('string'),
    }),
    400: errorResponse('Cursor inválido.'),
    ...consoleErrors,
  },
};

export const blockImpactSchema = {
  ...base,
  summary: 'O que bloquear um domínio faria',
  description: `Quantos links não desativados, não expirados e com visitas restantes (os outros já respondem 410) têm algum destino (principal, de iPhone ou de Android) no domínio ou num subdomínio: os que passariam a responder 410. A contagem para em ${formatInteger(BLOCK_IMPACT_COUNT_MAX)}; além disso, more é true.`,
  operationId: 'impactoDoBloqueio',
  querystring: { type: 'object', required: ['domain'], additionalProperties: false, properties: { domain: { type: 'string', maxLength: 2100 } } },
  response: {
    200: object({
      domain: text('O domínio como a lista de bloqueio o guardaria.'),
      links: integer(),
      more: { type: 'boolean', description: `Há mais de ${formatInteger(BLOCK_IMPACT_COUNT_MAX)} links.` },
      ip: { type: 'boolean', description: 'Um endereço IP: não tem subdomínios.' },
      blocked: { type: 'boolean', description: 'Já bloqueado, por ele mesmo ou por um domínio acima dele.' },
      domains: {
        type: 'array',
        items: { type: 'string' },
        description: 'O que se pode bloquear para ele, do mais estreito ao mais largo: o próprio domínio e, quando difere, o domínio registrável (golpe.com.br para www.golpe.com.br).',
      },
    }),
    400: errorResponse('Domínio inválido, ou amplo demais para bloquear (invalid_domain).'),
    ...consoleErrors,
  },
};

export const blockDomainSchema = change('Bloquear um domínio', 'bloquearDominio', {
  body: { type: 'object', required: ['domain'], additionalProperties: false, properties: { domain: { type: 'string', maxLength: 2100 }, reason: { type: 'string' } } },
  response: { 200: actionResult, ...changeErrors, ...bodyErrors },
});

export const unblockDomainSchema = change('Desbloquear um domínio', 'desbloquearDominio', {
  description: 'O domínio vai na query (?domain=), não no caminho: um domínio pode ter 253 caracteres.',
  querystring: { type: 'object', required: ['domain'], additionalProperties: false, properties: { domain: { type: 'string', maxLength: 2100 } } },
});

export const importBlocklistSchema = {
  ...base,
  summary: 'Importar uma lista de domínios',
  description: `Uma lista de domínios, um arquivo hosts ou um CSV de URLs, até ${ADMIN_FEED_MAX_BYTES / 2 ** 20} MB.`,
  operationId: 'importarBloqueios',
  headers: csrfHeader,
  body: {
    type: 'object',
    required: ['content'],
    additionalProperties: false,
    properties: { content: { type: 'string' }, fileName: { type: 'string', maxLength: 255 }, reason: { type: 'string' } },
  },
  response: {
    200: object({ added: integer(), alreadyPresent: integer(), errors: { type: 'array', items: text() }, errorCount: integer(), message: text() }),
    ...changeErrors,
    ...bodyErrors,
  },
};

const apiKey = object({
  id: integer(),
  name: text(),
  prefix: text(),
  perMinute: nullable('integer'),
  effectivePerMinute: integer(),
  createdAt: instant(),
  revokedAt: nullable('string'),
  links: integer(),
});

export const keysSchema = {
  ...base,
  summary: 'Chaves de API',
  operationId: 'chavesDeApi',
  response: { 200: object({ keys: { type: 'array', items: apiKey }, defaultPerMinute: integer() }), ...consoleErrors },
};

export const createKeySchema = {
  ...base,
  summary: 'Criar uma chave de API',
  description: 'A chave inteira vem só nesta resposta.',
  operationId: 'criarChaveDeApi',
  headers: csrfHeader,
  body: {
    type: 'object',
    required: ['name'],
    additionalProperties: false,
    properties: { name: { type: 'string', maxLength: API_KEY_NAME_MAX * 4 }, perMinute: { type: ['integer', 'null'], maximum: API_KEY_PER_MINUTE_MAX * 1000 } },
  },
  response: { 201: object({ id: integer(), name: text(), perMinute: nullable('integer'), key: text() }), ...changeErrors, ...bodyErrors },
};

export const revokeKeySchema = change('Revogar uma chave de API', 'revogarChaveDeApi', {
  params: { type: 'object', required: ['id'], additionalProperties: false, properties: { id: { type: 'string', maxLength: 20 } } },
});

export const auditSchema = {
  ...base,
  summary: 'Registro de auditoria',
  operationId: 'registroDeAuditoria',
  querystring: { type: 'object', additionalProperties: false, properties: { cursor: { type: 'string', maxLength: 100 } } },
  response: {
    200: object({
      entries: {
        type: 'array',
        items: object({
          id: integer(),
          at: instant(),
          actor: text(),
          via: { type: 'string', enum: ['console', 'cli'] },
          action: text(),
          target: nullable('string'),
          detail: nullable('string'),
        }),
      },
      nextCursor: nullable('string'),
    }),
    400: errorResponse('Cursor inválido.'),
    ...consoleErrors,
  },
};
