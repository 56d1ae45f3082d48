// Small server-rendered pages for outcomes the React app does not render: a blocked link
// (410), the store unreachable (503), and the 404 when no built app exists.
import { escapeHtml } from '../html.js';

export function renderStatusPage(input: { siteName: string; heading: string; message: string; homeLabel: string }): string {
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(input.heading)} · ${escapeHtml(input.siteName)}</title></head><body><main><h1>${escapeHtml(input.heading)}</h1><p>${escapeHtml(input.message)}</p><p><a href="/">${escapeHtml(input.homeLabel)}</a></p></main></body></html>`;
}
