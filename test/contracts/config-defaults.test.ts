// .env.example, the server's defaults and the app's defaults tell the same story.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ENV_VARIABLES, loadConfig } from '../../src/server/config.js';
import { SITE_DEFAULTS } from '../../src/shared/site.js';

function readEnvExample(): Record<string, string> {
  const values: Record<string, string> = {};
  for (const line of fs.readFileSync('.env.example', 'utf8').split('\n')) {
    const match = /^([A-Z0-9_]+)=(.*)$/.exec(line);
    if (match?.[1] !== undefined) values[match[1]] = match[2] ?? '';
  }
  return values;
}

describe('configuration defaults', () => {
  it('.env.example lists every variable the server reads, and no other', () => {
    expect(Object.keys(readEnvExample()).sort()).toEqual([...ENV_VARIABLES].sort());
  });

  it('.env.example gives the defaults (starting with it changes nothing)', () => {
    expect(loadConfig(readEnvExample())).toEqual(loadConfig({}));
  });

  it('the site texts default to the shared defaults the app also falls back to', () => {
    expect(loadConfig({}).site).toEqual(SITE_DEFAULTS);
  });
});
