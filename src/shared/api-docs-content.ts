// What the API docs page (GET /api/docs) says besides the reference it builds from the OpenAPI
// document (api-docs.ts): the pt-BR introduction and the curl examples, written once here. The
// examples are data (method, path, credentials, body) rendered as curl commands against the
// site's public URL; test/web/api-docs-page.test.ts runs each of them against a real server.
import type { ApiDocsAuth, ApiDocsLimits } from './api-docs.js';
import { BULK_MAX_ITEMS, IDEMPOTENCY_KEY_MAX, IDEMPOTENCY_KEY_MIN, LIST_DEFAULT_LIMIT, LIST_MAX_LIMIT } from './api-limits.js';
import { formatInteger } from './integer-format.js';
import { errorMessages } from './messages.js';

export const API_DOCS_TITLE = 'Documentação da API';

/** The placeholders the examples carry where a reader puts their own values. */
export const API_DOCS_PLACEHOLDERS = {
  apiKey: 'ebr_SUA_CHAVE',
  manageToken: 'SEU_CODIGO_DE_GERENCIAMENTO',
  cursor: 'NEXT_CURSOR_DA_PAGINA_ANTERIOR',
} as const;

/** How each kind of credential is named on the page. */
export const API_DOCS_AUTH_LABELS: Readonly<Record<ApiDocsAuth, string>> = {
  anonymous: 'sem autenticação (anônimo)',
  apiKey: 'chave de API',
  manageToken: 'código de gerenciamento do link',
};

/** "sem autenticação (anônimo) ou chave de API". */
export function authSentence(auth: readonly ApiDocsAuth[]): string {
  const labels = auth.map((way) => API_DOCS_AUTH_LABELS[way]);
  const text = labels.length <= 1 ? (labels[0] ?? API_DOCS_AUTH_LABELS.anonymous) : `${labels.slice(0, -1).join(', ')} ou ${labels.at(-1) ?? ''}`;
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A paragraph of the introduction: text with `code` spans (backticks), as the document's descriptions. */
export interface ApiDocsSection {
  id: string;
  title: string;
  paragraphs: readonly string[];
  /** A code block after the paragraphs. */
  code?: string;
}

export interface ApiDocsIntroInput {
  siteName: string;
  publicUrl: string;
  contactEmail: string;
  limits: ApiDocsLimits;
}

/** The introduction, before the examples and the reference. */
export function apiDocsIntro({ siteName, publicUrl, contactEmail, limits }: ApiDocsIntroInput): ApiDocsSection[] {
  return [
    {
      id: 'para-que-serve',
      title: 'Para que serve',
      paragraphs: [
        `A API do ${siteName} cria e gerencia links curtos a partir do seu sistema: uma loja virtual que gera um link por produto, um CRM que encurta os links de cada campanha, uma planilha que vira centenas de links de uma vez.`,
        'Sem chave, qualquer programa cria links como no site. Com uma chave de API, você também cria links em lote, lista os links da chave e vê os cliques de cada um.',
        `Todas as rotas ficam em \`${publicUrl}/api\`. Pedidos e respostas são JSON em UTF-8 (\`Content-Type: application/json\`).`,
      ],
    },
    {
      id: 'chave',
      title: 'Como obter uma chave de API',
      paragraphs: [
        `Peça uma chave à equipe do ${siteName} pela página de Contato ou pelo e-mail ${contactEmail}, dizendo o nome do seu sistema e para que vai usá-la. A equipe gera a chave com \`npm run admin -- keys create "nome do sistema"\` e a envia a você.`,
        'A chave começa com `ebr_` e é mostrada uma única vez. Guarde-a como uma senha: no servidor, nunca em código que roda no navegador ou no celular de quem usa. Se ela vazar, peça à equipe que a revogue e emita outra.',
        'Envie a chave em cada requisição, no cabeçalho `Authorization`:',
      ],
      code: `Authorization: Bearer ${API_DOCS_PLACEHOLDERS.apiKey}`,
    },
    {
      id: 'outros-sites',
      title: 'Chamadas de páginas de outros sites',
      paragraphs: [
        'Chame a API do seu servidor ou de um script (curl, Python, Node…). Páginas de outros sites não conseguem chamá-la pelo navegador, com ou sem chave: a API não envia os cabeçalhos CORS (`Access-Control-Allow-Origin`), e o navegador bloqueia a resposta.',
        'Para criar links a partir do seu site, faça o pedido no seu servidor, que guarda a chave. Só o documento OpenAPI pode ser lido de qualquer página, para ferramentas como o Swagger Editor.',
      ],
    },
    {
      id: 'codigo-de-gerenciamento',
      title: 'Código de gerenciamento',
      paragraphs: [
        'Todo link criado volta com um `manageToken`, o código de gerenciamento. Ele só aparece nessa resposta: guarde-o se quiser ver os cliques ou excluir o link depois.',
        'O código vale só para o seu link e vai no mesmo cabeçalho: `Authorization: Bearer <código>`. Os links criados com uma chave também podem ser vistos e excluídos com a própria chave.',
      ],
    },
    {
      id: 'repetir-criacao',
      title: 'Repetir uma criação com segurança',
      paragraphs: [
        'Se a conexão cair depois de enviar a criação, você não sabe se o link foi criado: repetir o pedido poderia criar um segundo link, ou receber `409` (alias em uso) pelo seu próprio link, sem o código de gerenciamento.',
        `Para poder repetir, envie no cabeçalho \`Idempotency-Key\` um valor aleatório novo para cada link (um UUID; de ${IDEMPOTENCY_KEY_MIN} a ${IDEMPOTENCY_KEY_MAX} caracteres). Repetido com a mesma chave e os mesmos dados, o pedido devolve o link que o primeiro criou, com o mesmo \`manageToken\` e o cabeçalho \`Idempotent-Replayed: true\`, e nada é criado de novo. A mesma chave com outra \`url\` ou outras opções é recusada com \`422\`.`,
        'A chave vale tanto quanto o código de gerenciamento que vem na resposta: guarde-a do mesmo jeito, e nunca a reutilize em outro link. Vale para `POST /api/links`, com ou sem chave de API, e para `POST /api/links/bulk`: repetido com a mesma chave, cada item é respondido como da primeira vez.',
      ],
      code: 'Idempotency-Key: 8e03978e-40d5-43e8-bc93-6894a57f9324',
    },
    {
      id: 'limites',
      title: 'Limites',
      paragraphs: [
        `Sem chave: até ${formatInteger(limits.anonymousPerMinute)} links por minuto e ${formatInteger(limits.anonymousPerDay)} por dia para cada endereço de origem.`,
        `Com chave: cada chave tem o seu próprio limite de requisições por minuto, de ${formatInteger(limits.keyPerMinute)} se a equipe não combinar outro com você.`,
        `Passou do limite, a resposta é \`429\` com o cabeçalho \`Retry-After\` dizendo quantos segundos esperar. Um pedido em lote leva até ${formatInteger(BULK_MAX_ITEMS)} links; a listagem devolve até ${formatInteger(LIST_MAX_LIMIT)} por página (${formatInteger(LIST_DEFAULT_LIMIT)} se você não disser quantos).`,
      ],
    },
    {
      id: 'erros',
      title: 'Erros',
      paragraphs: [
        'Toda resposta de erro tem o mesmo formato: `error.code` é um código estável, para o seu programa decidir o que fazer, e `error.message` é a mensagem em português, para mostrar a quem usa.',
      ],
      code: JSON.stringify({ error: { code: 'alias_taken', message: errorMessages.alias_taken } }, null, 2),
    },
  ];
}

/** The raw document, for client generators and API tools. */
export const API_DOCS_RAW_DOCUMENT_TEXT = {
  before: 'O documento OpenAPI 3.1 completo, para gerar clientes ou importar no Postman ou no Insomnia, está em ',
  after: '.',
};

/** Above the examples. */
export const API_DOCS_EXAMPLES_INTRO =
  `Troque \`${API_DOCS_PLACEHOLDERS.apiKey}\` pela sua chave, \`${API_DOCS_PLACEHOLDERS.manageToken}\` pelo código de gerenciamento devolvido na criação do link e \`${API_DOCS_PLACEHOLDERS.cursor}\` pelo \`nextCursor\` da página anterior (na primeira página, tire o \`cursor\`). ` +
  'Os exemplos usam o endereço deste site; qualquer linguagem que fale HTTP e JSON faz o mesmo.';

export interface ApiExampleRequest {
  method: 'GET' | 'POST' | 'DELETE';
  /** The path with its query string: /api/links?limit=20. */
  path: string;
  /** The credential sent, shown by its placeholder. */
  auth?: Exclude<ApiDocsAuth, 'anonymous'>;
  body?: unknown;
}

export interface ApiExample {
  id: string;
  title: string;
  description: string;
  request: ApiExampleRequest;
}

/** The alias the examples create with a key, then view, list, read and delete. */
export const API_DOCS_EXAMPLE_ALIAS = 'black-friday';

/** The curl examples. `today` (YYYY-MM-DD) dates the expiry of the one that sets it, always in the future. */
export function apiDocsExamples(today: string): ApiExample[] {
  const nextYear = Number(today.slice(0, 4)) + 1;
  return [
    {
      id: 'exemplo-criar-anonimo',
      title: 'Criar um link sem chave',
      description: 'Só a `url` é obrigatória; sem `alias`, um aleatório é gerado. Guarde o `manageToken` da resposta.',
      request: { method: 'POST', path: '/api/links', body: { url: 'https://www.exemplo.com.br/produtos/camiseta-azul?utm_source=whatsapp' } },
    },
    {
      id: 'exemplo-criar-com-chave',
      title: 'Criar um link com chave e opções',
      description: 'Com alias próprio, data de expiração, limite de cliques, senha e destinos diferentes para iPhone e Android. O link passa a pertencer à chave.',
      request: {
        method: 'POST',
        path: '/api/links',
        auth: 'apiKey',
        body: {
          url: 'https://www.exemplo.com.br/black-friday',
          alias: API_DOCS_EXAMPLE_ALIAS,
          expiresAt: `${nextYear}-11-30T23:59:00-03:00`,
          maxClicks: 5000,
          password: 'senha-da-promo',
          iosUrl: 'https://apps.apple.com/br/app/exemplo/id123456789',
          androidUrl: 'https://play.google.com/store/apps/details?id=br.com.exemplo',
        },
      },
    },
    {
      id: 'exemplo-lote',
      title: 'Criar vários links de uma vez',
      description: `Até ${formatInteger(BULK_MAX_ITEMS)} por pedido, cada um como no exemplo anterior. A resposta traz um resultado por item, na mesma ordem: \`ok: true\` com o link, ou \`ok: false\` com o erro daquele item.`,
      request: {
        method: 'POST',
        path: '/api/links/bulk',
        auth: 'apiKey',
        body: {
          links: [
            { url: 'https://www.exemplo.com.br/produtos/1001', alias: 'produto-1001' },
            { url: 'https://www.exemplo.com.br/produtos/1002', alias: 'produto-1002' },
            { url: 'https://www.exemplo.com.br/contato' },
          ],
        },
      },
    },
    {
      id: 'exemplo-listar',
      title: 'Listar os links da chave, página a página',
      description: 'Do mais novo ao mais antigo. Na primeira página, não mande `cursor`; nas seguintes, mande o `nextCursor` da resposta anterior. Quando `nextCursor` vier `null`, acabou.',
      request: { method: 'GET', path: `/api/links?limit=20&cursor=${API_DOCS_PLACEHOLDERS.cursor}`, auth: 'apiKey' },
    },
    {
      id: 'exemplo-ver',
      title: 'Ver um link e seus cliques',
      description: 'Com o código de gerenciamento devolvido na criação, ou com a chave que criou o link.',
      request: { method: 'GET', path: `/api/links/${API_DOCS_EXAMPLE_ALIAS}`, auth: 'manageToken' },
    },
    {
      id: 'exemplo-cliques',
      title: 'De onde vieram os cliques',
      description: 'Cliques por dia, por hora, por origem, aparelho, sistema, navegador, país e estado. `days` pode ser 1, 7, 30 ou 90.',
      request: { method: 'GET', path: `/api/links/${API_DOCS_EXAMPLE_ALIAS}/insights?days=7`, auth: 'apiKey' },
    },
    {
      id: 'exemplo-apagar',
      title: 'Excluir um link',
      description: 'Para sempre, com os cliques. A resposta é `204`, sem corpo.',
      request: { method: 'DELETE', path: `/api/links/${API_DOCS_EXAMPLE_ALIAS}`, auth: 'apiKey' },
    },
  ];
}

/** JSON on one line, spaced as people write it: { "url": "…", "alias": "…" }. */
function inlineJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(inlineJson).join(', ')}]`;
  if (typeof value === 'object' && value !== null) return `{ ${Object.entries(value).map(([key, item]) => `${JSON.stringify(key)}: ${inlineJson(item)}`).join(', ')} }`;
  return JSON.stringify(value);
}

/** A body one field a line; a list of objects (the bulk links) one object a line. */
function bodyJson(body: unknown): string {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return inlineJson(body);
  const fields = Object.entries(body).map(([key, value]) => {
    const shown = Array.isArray(value) && value.length > 0 ? `[\n    ${value.map(inlineJson).join(',\n    ')}\n  ]` : inlineJson(value);
    return `  ${JSON.stringify(key)}: ${shown}`;
  });
  return `{\n${fields.join(',\n')}\n}`;
}

/** A request as a curl command, one option a line: `baseUrl` is the site's public URL. */
export function curlCommand(request: ApiExampleRequest, baseUrl: string): string {
  const parts = [`curl${request.method === 'GET' ? '' : ` -X ${request.method}`} '${baseUrl.replace(/\/+$/, '')}${request.path}'`];
  if (request.auth !== undefined) parts.push(`-H 'Authorization: Bearer ${API_DOCS_PLACEHOLDERS[request.auth]}'`);
  if (request.body !== undefined) {
    parts.push(`-H 'Content-Type: application/json'`);
    // Single-quoted for the shell: the bodies hold no single quote.
    parts.push(`-d '${bodyJson(request.body).replace(/\n/g, '\n  ')}'`);
  }
  return parts.join(' \\\n  ');
}
