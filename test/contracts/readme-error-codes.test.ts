// Every error code the server can send is documented in the README's API section, in
// backticks: an API user reading an answer's `code` finds it there. A new code in the shared
// catalogue fails this test until the README says when it is sent.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { errorMessages } from '../../src/shared/messages.js';

/** The text of the README's "## API" section, up to the next second-level heading. */
function readmeApiSection(): string {
  const readme = fs.readFileSync('README.md', 'utf8');
  const start = readme.search(/^## API$/m);
  if (start === -1) return '';
  const rest = readme.slice(start + '## API'.length);
  const next = rest.search(/^## /m);
  return next === -1 ? rest : rest.slice(0, next);
}

describe('README API error codes', () => {
  const section = readmeApiSection();
  const codes = Object.keys(errorMessages);

  it('has an API section', () => {
    expect(section.trim()).not.toBe('');
  });

  it('documents every code of the shared catalogue, as `code`', () => {
    expect(codes.length).toBeGreaterThan(0);
    const missing = codes.filter((code) => !section.includes(`\`${code}\``));
    expect(missing, 'error codes missing from README.md "## API"').toEqual([]);
  });
});
