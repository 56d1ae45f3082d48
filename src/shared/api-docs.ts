// The API's reference as the docs page (GET /api/docs) shows it, built from the OpenAPI document
// the server generates from the routes' own schemas (src/server/api/openapi.ts), so the page
// cannot drift from what the routes do. The server builds it once and renders the page with it
// (src/server/web/rendered-pages.ts); the page (src/web/pages/api-docs-page.tsx) only displays
// it. The introduction and the curl examples are written in api-docs-content.ts.
import { formatInteger } from './integer-format.js';

/** How an operation may be called: without credentials, with an API key, with a link's manage token. */
export type ApiDocsAuth = 'anonymous' | 'apiKey' | 'manageToken';

const PARAMETER_ORDER: Readonly<Record<'path' | 'query' | 'header', number>> = { path: 0, query: 1, header: 2 };

/** A path, query or header parameter. */
export interface ApiDocsParameter {
  name: string;
  in: 'path' | 'query' | 'header';
  type: string;
  required: boolean;
  description: string;
  /** The value used when it is left out, when there is one. */
  defaultValue?: string;
}

/** One field of a request body; nested fields are named with their path ("links[].url"). */
export interface ApiDocsField {
  name: string;
  type: string;
  required: boolean;
  description: string;
}

export interface ApiDocsResponse {
  status: string;
  description: string;
}

export interface ApiDocsOperation {
  /** An id for the page's anchors: "post-api-links-bulk". */
  id: string;
  /** Upper case: GET, POST, DELETE… */
  method: string;
  /** As in the document: /api/links/{alias}. */
  path: string;
  summary: string;
  description: string;
  /** The ways it may be called, in the document's order (one of them is enough). */
  auth: ApiDocsAuth[];
  parameters: ApiDocsParameter[];
  body?: { description: string; fields: ApiDocsField[] };
  responses: ApiDocsResponse[];
}

export interface ApiDocsGroup {
  /** The tag's name, and an id for its anchor. */
  name: string;
  id: string;
  description: string;
  operations: ApiDocsOperation[];
}

/** The limits the page states: the server's configuration (src/server/config.ts rateLimits). */
export interface ApiDocsLimits {
  anonymousPerMinute: number;
  anonymousPerDay: number;
  keyPerMinute: number;
}

export interface ApiDocsModel {
  title: string;
  version: string;
  description: string;
  groups: ApiDocsGroup[];
  limits: ApiDocsLimits;
}

/** The names the document gives its security schemes (src/server/api/api-schemas.ts SECURITY). */
export interface ApiDocsSchemeNames {
  apiKey: string;
  manageToken: string;
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const objectAt = (value: unknown, key: string): Json => {
  const found = isObject(value) ? value[key] : undefined;
  return isObject(found) ? found : {};
};
const stringAt = (value: unknown, key: string): string => {
  const found = isObject(value) ? value[key] : undefined;
  return typeof found === 'string' ? found : '';
};
const arrayAt = (value: unknown, key: string): unknown[] => {
  const found = isObject(value) ? value[key] : undefined;
  return Array.isArray(found) ? found : [];
};

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
const COMPONENT_PREFIX = '#/components/schemas/';
/** Nested objects are listed this many levels deep; below that a field is shown by its type. */
const MAX_FIELD_DEPTH = 3;

/** "/api/links/{alias}" → "api-links-alias", for ids. */
const slug = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

/** Builds the page's model from an OpenAPI 3.1 document (as @fastify/swagger gives it) and the server's limits. */
export function buildApiDocs(document: unknown, { schemes, limits }: { schemes: ApiDocsSchemeNames; limits: ApiDocsLimits }): ApiDocsModel {
  const components = objectAt(objectAt(document, 'components'), 'schemas');
  /** A schema with its $ref (to #/components/schemas/…) followed, and the component's name. */
  const resolve = (schema: unknown, seen: ReadonlySet<string> = new Set()): { schema: Json; ref?: string } => {
    const ref = stringAt(schema, '$ref');
    if (ref.startsWith(COMPONENT_PREFIX)) {
      const name = ref.slice(COMPONENT_PREFIX.length);
      if (seen.has(name)) return { schema: {}, ref: name };
      const target = components[name];
      // The reference's own keywords (a description) win over the component's.
      const { $ref: _ref, ...own } = schema as Json;
      return { schema: { ...resolve(target, new Set([...seen, name])).schema, ...own }, ref: name };
    }
    return { schema: isObject(schema) ? schema : {} };
  };

  const typeOf = (raw: unknown): string => {
    const { schema, ref } = resolve(raw);
    const declared = schema.type;
    const types = Array.isArray(declared) ? declared.filter((type): type is string => typeof type === 'string') : typeof declared === 'string' ? [declared] : [];
    const named = types.map((type) => {
      if (type === 'array') return `array<${typeOf(schema.items)}>`;
      if (type === 'object' && ref !== undefined) return ref;
      return type;
    });
    if (named.length === 0) return ref ?? (Array.isArray(schema.oneOf) ? 'oneOf' : 'any');
    return named.join(' | ');
  };

  const fieldsOf = (raw: unknown, prefix: string, depth: number): ApiDocsField[] => {
    const { schema } = resolve(raw);
    const required = new Set(arrayAt(schema, 'required').filter((name): name is string => typeof name === 'string'));
    return Object.entries(objectAt(schema, 'properties')).flatMap(([name, property]) => {
      const field: ApiDocsField = { name: `${prefix}${name}`, type: typeOf(property), required: required.has(name), description: describe(property) };
      if (depth >= MAX_FIELD_DEPTH) return [field];
      const resolved = resolve(property).schema;
      const items = resolve(resolved.items).schema;
      if (isObject(items.properties)) return [field, ...fieldsOf(resolved.items, `${field.name}[].`, depth + 1)];
      if (isObject(resolved.properties)) return [field, ...fieldsOf(property, `${field.name}.`, depth + 1)];
      return [field];
    });
  };

  /** A field's description, with its array bounds when it has some. */
  const describe = (raw: unknown): string => {
    const { schema } = resolve(raw);
    const text = stringAt(schema, 'description');
    const min = typeof schema.minItems === 'number' ? schema.minItems : undefined;
    const max = typeof schema.maxItems === 'number' ? schema.maxItems : undefined;
    if (schema.type !== 'array' || (min === undefined && max === undefined)) return text;
    const bounds = min !== undefined && max !== undefined ? `De ${formatInteger(min)} a ${formatInteger(max)} itens.` : max !== undefined ? `Até ${formatInteger(max)} itens.` : `Ao menos ${formatInteger(min ?? 0)} itens.`;
    return text === '' ? bounds : `${text} ${bounds}`;
  };

  const authOf = (operation: Json): ApiDocsAuth[] => {
    const security = operation.security;
    // No security requirement: anyone may call it.
    if (!Array.isArray(security)) return ['anonymous'];
    const ways = security.flatMap((requirement): ApiDocsAuth[] => {
      const names = isObject(requirement) ? Object.keys(requirement) : [];
      if (names.length === 0) return ['anonymous'];
      return names.flatMap((name): ApiDocsAuth[] => (name === schemes.apiKey ? ['apiKey'] : name === schemes.manageToken ? ['manageToken'] : []));
    });
    return [...new Set(ways)];
  };

  const operationOf = (path: string, method: string, operation: Json): ApiDocsOperation => {
    const parameters = arrayAt(operation, 'parameters')
      .filter(isObject)
      .map((parameter): ApiDocsParameter => {
        const schema = resolve(parameter.schema).schema;
        const defaultValue = schema.default;
        return {
          name: stringAt(parameter, 'name'),
          in: parameter.in === 'path' || parameter.in === 'header' ? parameter.in : 'query',
          type: typeOf(parameter.schema),
          required: parameter.required === true,
          description: stringAt(parameter, 'description') || stringAt(schema, 'description'),
          ...(defaultValue === undefined ? {} : { defaultValue: String(defaultValue) }),
        };
      })
      // Path parameters first, as they are read in the address; headers last.
      .sort((a, b) => PARAMETER_ORDER[a.in] - PARAMETER_ORDER[b.in]);
    const bodySchema = objectAt(objectAt(objectAt(operation, 'requestBody'), 'content'), 'application/json').schema;
    const responses = Object.entries(objectAt(operation, 'responses')).map(([status, response]) => ({ status, description: stringAt(response, 'description') }));
    return {
      id: slug(`${method} ${path}`),
      method: method.toUpperCase(),
      path,
      summary: stringAt(operation, 'summary'),
      description: stringAt(operation, 'description'),
      auth: authOf(operation),
      parameters,
      ...(bodySchema === undefined ? {} : { body: { description: stringAt(resolve(bodySchema).schema, 'description'), fields: fieldsOf(bodySchema, '', 1) } }),
      responses,
    };
  };

  const operations = Object.entries(objectAt(document, 'paths')).flatMap(([path, item]) =>
    METHODS.flatMap((method) => {
      const operation = isObject(item) ? item[method] : undefined;
      return isObject(operation) ? [{ tags: arrayAt(operation, 'tags'), operation: operationOf(path, method, operation) }] : [];
    }),
  );
  const declaredTags = arrayAt(document, 'tags').filter(isObject);
  const tagNames = [...declaredTags.map((tag) => stringAt(tag, 'name')), ...operations.flatMap(({ tags }) => tags.filter((tag): tag is string => typeof tag === 'string'))];
  const groups = [...new Set(tagNames)]
    .map((name) => ({
      name,
      id: slug(name),
      description: stringAt(declaredTags.find((tag) => tag.name === name), 'description'),
      operations: operations.filter(({ tags }) => tags[0] === name).map(({ operation }) => operation),
    }))
    .filter((group) => group.operations.length > 0);
  const info = objectAt(document, 'info');
  return { title: stringAt(info, 'title'), version: stringAt(info, 'version'), description: stringAt(info, 'description'), groups, limits };
}

/** The model read back from JSON (the page context): undefined when it is not one. */
export function toApiDocsModel(value: unknown): ApiDocsModel | undefined {
  if (!isObject(value) || !Array.isArray(value.groups) || typeof value.title !== 'string' || !isObject(value.limits)) return undefined;
  const groupsOk = value.groups.every((group) => isObject(group) && typeof group.name === 'string' && Array.isArray(group.operations));
  return groupsOk ? (value as unknown as ApiDocsModel) : undefined;
}
