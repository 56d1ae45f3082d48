import { afterEach, describe, expect, it } from 'vitest';
import { defaultSiteConfig, readSiteConfig } from './site-config';

function inject(json: string) {
  const script = document.createElement('script');
  script.id = 'site-config';
  script.type = 'application/json';
  script.textContent = json;
  document.head.append(script);
}

afterEach(() => {
  document.getElementById('site-config')?.remove();
});

describe('readSiteConfig', () => {
  it('uses the defaults when the server injected nothing', () => {
    expect(readSiteConfig()).toEqual(defaultSiteConfig);
  });

  it("reads the server's JSON and keeps defaults for anything missing or invalid", () => {
    inject(JSON.stringify({ siteName: 'Outra Marca', brandColor: 'red', adScriptSrc: '', contactEmail: 42 }));
    const config = readSiteConfig();
    expect(config.siteName).toBe('Outra Marca');
    expect(config.brandColor).toBe(defaultSiteConfig.brandColor);
    expect(config.contactEmail).toBe(defaultSiteConfig.contactEmail);
  });

  it('reads clickInsights as a boolean only', () => {
    expect(defaultSiteConfig.clickInsights).toBe(true);
    inject(JSON.stringify({ clickInsights: false }));
    expect(readSiteConfig().clickInsights).toBe(false);
    document.getElementById('site-config')?.remove();
    inject(JSON.stringify({ clickInsights: 'false', siteName: 'Outra Marca' }));
    expect(readSiteConfig()).toEqual({ ...defaultSiteConfig, siteName: 'Outra Marca' });
  });

  it('survives malformed JSON', () => {
    inject('{nope');
    expect(readSiteConfig()).toEqual(defaultSiteConfig);
  });
});

