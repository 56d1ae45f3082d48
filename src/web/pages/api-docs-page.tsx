// GET /api/docs: the API's documentation for people. The reference (every operation, its
// credentials, parameters, body fields and responses) comes from the OpenAPI document, built by
// the server into the page context (src/server/web/api-docs-route.ts); the introduction and the
// curl examples are written in src/shared/api-docs-content.ts. Rendered on the server, readable
// without JavaScript; its own chunk, so nothing of it weighs on the home page.
import { FileJson } from 'lucide-react';
import { Fragment, type ReactNode } from 'react';
import { API_ROUTES } from '../../shared/api';
import { PAGE_CONTEXT_SCRIPT_ID } from '../../shared/app-shell';
import { type ApiDocsField, type ApiDocsModel, type ApiDocsOperation, type ApiDocsParameter, toApiDocsModel } from '../../shared/api-docs';
import {
  API_DOCS_EXAMPLES_INTRO,
  API_DOCS_RAW_DOCUMENT_TEXT,
  API_DOCS_TITLE,
  type ApiExample,
  apiDocsExamples,
  apiDocsIntro,
  authSentence,
  curlCommand,
} from '../../shared/api-docs-content';
import { API_DOCS_PATH } from '../../shared/routes';
import { PageHeader } from '../components/layout/page-header';
import { Card } from '../components/ui/card';
import { cn } from '../components/ui/cn';
import { textLinkClass } from '../components/ui/text-link';
import { usePageContext } from '../lib/page-context';
import { useSiteConfig } from '../lib/site-config';
import { usePageTitle } from '../lib/use-page-title';

let documentDocs: ApiDocsModel | undefined | null = null;

/** The reference in the page's own <script id="page-context">, read once. */
function readDocumentApiDocs(): ApiDocsModel | undefined {
  if (documentDocs === null) {
    try {
      const parsed: unknown = JSON.parse(document.getElementById(PAGE_CONTEXT_SCRIPT_ID)?.textContent ?? 'null');
      documentDocs = typeof parsed === 'object' && parsed !== null ? toApiDocsModel((parsed as Record<string, unknown>).apiDocs) : undefined;
    } catch {
      documentDocs = undefined;
    }
  }
  return documentDocs;
}

/**
 * The reference the server rendered the page with: from the page context on the server; in the
 * browser from the page itself (the app's context reader keeps only what every page needs, so
 * the home bundle carries nothing of this page).
 */
function useApiDocs(): ApiDocsModel | undefined {
  const { apiDocs } = usePageContext();
  if (apiDocs !== undefined || typeof document === 'undefined') return apiDocs;
  return readDocumentApiDocs();
}

/** Text with `code` spans (backticks), as the document's descriptions are written. */
function Inline({ text }: { text: string }) {
  const parts = text.split('`');
  return (
    <>
      {parts.map((part, index) =>
        index % 2 === 1 ? (
          <code key={index} className="rounded bg-slate-100 px-1 py-0.5 font-mono text-[0.9em] text-slate-800 wrap-anywhere">
            {part}
          </code>
        ) : (
          <Fragment key={index}>{part}</Fragment>
        ),
      )}
    </>
  );
}

/** A block of code: scrolls sideways on a phone instead of widening the page; focusable so the keyboard scrolls it too. */
function CodeBlock({ code, className }: { code: string; className?: string }) {
  return (
    <pre
      tabIndex={0}
      className={cn(
        'overflow-x-auto rounded-xl bg-slate-900 p-4 font-mono text-[13px] leading-relaxed text-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary focus-visible:ring-offset-2',
        className,
      )}
    >
      <code>{code}</code>
    </pre>
  );
}

const METHOD_STYLES: Readonly<Record<string, string>> = {
  GET: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  POST: 'bg-primary-soft text-primary-ink ring-primary/25',
  DELETE: 'bg-red-50 text-red-800 ring-red-200',
};

function MethodBadge({ method }: { method: string }) {
  return (
    <span className={cn('inline-block shrink-0 rounded-md px-2 py-0.5 font-mono text-xs font-bold ring-1 ring-inset', METHOD_STYLES[method] ?? 'bg-slate-100 text-slate-800 ring-slate-200')}>
      {method}
    </span>
  );
}

const PARAMETER_PLACE: Readonly<Record<ApiDocsParameter['in'], string>> = { path: 'no caminho', query: 'na query string', header: 'no cabeçalho' };

/** Parameters and body fields: name, type, whether required, description; a list, so it reads on a phone. */
function FieldList({ title, fields }: { title: string; fields: readonly (ApiDocsField | ApiDocsParameter)[] }) {
  return (
    <div className="mt-5">
      <h4 className="text-sm font-semibold tracking-wide text-slate-500 uppercase">{title}</h4>
      <ul className="mt-2 divide-y divide-slate-100 rounded-xl border border-slate-200">
        {fields.map((field) => (
          <li key={field.name} className="px-4 py-3">
            <p className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
              <code className="font-mono text-sm font-semibold text-slate-900 wrap-anywhere">{field.name}</code>
              <span className="font-mono text-xs text-slate-500">{field.type}</span>
              {field.required ? (
                <span className="rounded-md bg-amber-100 px-1.5 py-0.5 text-xs font-semibold text-amber-900">obrigatório</span>
              ) : (
                <span className="text-xs text-slate-500">opcional</span>
              )}
              {'in' in field && <span className="text-xs text-slate-500">{PARAMETER_PLACE[field.in]}</span>}
            </p>
            {field.description !== '' && (
              <p className="mt-1 text-sm leading-relaxed text-slate-600">
                <Inline text={field.description} />
              </p>
            )}
            {'defaultValue' in field && field.defaultValue !== undefined && (
              <p className="mt-1 text-xs text-slate-500">
                Padrão: <code className="font-mono">{field.defaultValue}</code>
              </p>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

function Operation({ operation }: { operation: ApiDocsOperation }) {
  const titleId = `${operation.id}-titulo`;
  return (
    <Card className="render-when-near p-5 [--near-size:900px] sm:p-6">
      <article id={operation.id} aria-labelledby={titleId}>
        <h3 id={titleId} className="text-lg font-bold text-slate-900">
          {operation.summary}
        </h3>
        <p className="mt-2 flex flex-wrap items-center gap-2">
          <MethodBadge method={operation.method} />
          <code className="font-mono text-sm font-semibold text-slate-800 wrap-anywhere">{operation.path}</code>
        </p>
        {operation.description !== '' && (
          <p className="mt-3 leading-relaxed text-slate-600">
            <Inline text={operation.description} />
          </p>
        )}
        <p className="mt-3 text-sm text-slate-700">
          <span className="font-semibold text-slate-900">Autenticação:</span> {`${authSentence(operation.auth)}.`}
        </p>
        {operation.parameters.length > 0 && <FieldList title="Parâmetros" fields={operation.parameters} />}
        {operation.body && (
          <>
            <FieldList title="Corpo (JSON)" fields={operation.body.fields} />
            {operation.body.description !== '' && (
              <p className="mt-2 text-sm text-slate-600">
                <Inline text={operation.body.description} />
              </p>
            )}
          </>
        )}
        <div className="mt-5">
          <h4 className="text-sm font-semibold tracking-wide text-slate-500 uppercase">Respostas</h4>
          <ul className="mt-2 space-y-2">
            {operation.responses.map((response) => (
              <li key={response.status} className="flex gap-3 text-sm leading-relaxed text-slate-600">
                <code
                  className={cn(
                    'h-fit shrink-0 rounded-md px-1.5 py-0.5 font-mono text-xs font-bold',
                    response.status.startsWith('2') ? 'bg-emerald-50 text-emerald-800' : 'bg-slate-100 text-slate-700',
                  )}
                >
                  {response.status}
                </code>
                <span className="min-w-0">
                  <Inline text={response.description} />
                </span>
              </li>
            ))}
          </ul>
        </div>
      </article>
    </Card>
  );
}

function Example({ example, baseUrl }: { example: ApiExample; baseUrl: string }) {
  return (
    <Card className="p-5 sm:p-6">
      <article id={example.id} aria-labelledby={`${example.id}-titulo`}>
        <h3 id={`${example.id}-titulo`} className="text-lg font-bold text-slate-900">
          {example.title}
        </h3>
        <p className="mt-2 leading-relaxed text-slate-600">
          <Inline text={example.description} />
        </p>
        <CodeBlock className="mt-4" code={curlCommand(example.request, baseUrl)} />
      </article>
    </Card>
  );
}

function SectionTitle({ id, children }: { id: string; children: ReactNode }) {
  return (
    <h2 id={id} className="text-2xl font-extrabold tracking-tight text-slate-900">
      {children}
    </h2>
  );
}

export function ApiDocsPage() {
  const site = useSiteConfig();
  const { today } = usePageContext();
  usePageTitle(API_DOCS_TITLE);
  const docs = useApiDocs();
  const rawDocument = (
    <a href={API_ROUTES.openapi.url} className={textLinkClass}>
      {API_ROUTES.openapi.url}
    </a>
  );

  if (docs === undefined) {
    return (
      <>
        <PageHeader eyebrow="API" title={API_DOCS_TITLE} />
        <div className="mx-auto max-w-3xl px-4 py-12 sm:py-16">
          <Card className="space-y-3 p-6 leading-relaxed text-slate-600">
            <p>
              <a href={API_DOCS_PATH} className={textLinkClass}>
                Abra a documentação
              </a>{' '}
              para ver todas as rotas.
            </p>
            <p>
              {API_DOCS_RAW_DOCUMENT_TEXT.before}
              {rawDocument}
              {API_DOCS_RAW_DOCUMENT_TEXT.after}
            </p>
          </Card>
        </div>
      </>
    );
  }

  const intro = apiDocsIntro({ siteName: site.siteName, publicUrl: site.publicUrl, contactEmail: site.contactEmail, limits: docs.limits });
  const examples = apiDocsExamples(today);
  return (
    <>
      <PageHeader eyebrow="API" title={API_DOCS_TITLE}>
        <p>
          Crie e gerencie links curtos do {site.siteName} a partir do seu sistema, com qualquer linguagem que fale HTTP e JSON.
        </p>
        <p className="mt-3 text-sm text-slate-500">Versão {docs.version}</p>
      </PageHeader>
      <div className="mx-auto max-w-3xl space-y-12 px-4 py-12 sm:py-16">
        <nav aria-labelledby="sumario-titulo">
          <Card variant="soft" className="p-5 sm:p-6">
            <h2 id="sumario-titulo" className="text-lg font-bold text-slate-900">
              Nesta página
            </h2>
            <ul className="mt-3 space-y-2 text-sm">
              <li>
                <a href={`#${intro[0]?.id ?? ''}`} className={textLinkClass}>
                  Primeiros passos
                </a>
                <span className="text-slate-600">: chave, limites e erros</span>
              </li>
              <li>
                <a href="#exemplos" className={textLinkClass}>
                  Exemplos com curl
                </a>
              </li>
              {docs.groups.map((group) => (
                <li key={group.id}>
                  <a href={`#${group.id}`} className={textLinkClass}>
                    {group.name}
                  </a>
                  <ul className="mt-2 space-y-2 border-l border-primary/20 pl-4">
                    {group.operations.map((operation) => (
                      <li key={operation.id} className="flex items-start gap-2">
                        <MethodBadge method={operation.method} />
                        <a href={`#${operation.id}`} className={cn(textLinkClass, 'min-w-0 font-normal')}>
                          {operation.summary}
                        </a>
                      </li>
                    ))}
                  </ul>
                </li>
              ))}
            </ul>
          </Card>
        </nav>

        <Card className="divide-y divide-slate-100 px-5 sm:px-8">
          {intro.map((section) => (
            <section key={section.id} id={section.id} aria-labelledby={`${section.id}-titulo`} className="py-7">
              <h2 id={`${section.id}-titulo`} className="text-lg font-bold text-slate-900 sm:text-xl">
                {section.title}
              </h2>
              <div className="mt-3 space-y-3 leading-relaxed text-slate-600">
                {section.paragraphs.map((paragraph) => (
                  <p key={paragraph}>
                    <Inline text={paragraph} />
                  </p>
                ))}
                {section.code !== undefined && <CodeBlock code={section.code} />}
              </div>
            </section>
          ))}
          <section aria-labelledby="openapi-titulo" className="py-7">
            <h2 id="openapi-titulo" className="flex items-center gap-2 text-lg font-bold text-slate-900 sm:text-xl">
              <FileJson aria-hidden="true" className="size-5 text-primary-ink" />
              Documento OpenAPI
            </h2>
            <p className="mt-3 leading-relaxed text-slate-600">
              {API_DOCS_RAW_DOCUMENT_TEXT.before}
              {rawDocument}
              {API_DOCS_RAW_DOCUMENT_TEXT.after}
            </p>
          </section>
        </Card>

        <section aria-labelledby="exemplos" className="space-y-5">
          <SectionTitle id="exemplos">Exemplos com curl</SectionTitle>
          <p className="leading-relaxed text-slate-600">
            <Inline text={API_DOCS_EXAMPLES_INTRO} />
          </p>
          {examples.map((example) => (
            <Example key={example.id} example={example} baseUrl={site.publicUrl} />
          ))}
        </section>

        {docs.groups.map((group) => (
          <section key={group.id} aria-labelledby={group.id} className="space-y-5">
            <SectionTitle id={group.id}>{group.name}</SectionTitle>
            {group.description !== '' && (
              <p className="leading-relaxed text-slate-600">
                <Inline text={group.description} />
              </p>
            )}
            {group.operations.map((operation) => (
              <Operation key={operation.id} operation={operation} />
            ))}
          </section>
        ))}
      </div>
    </>
  );
}
