// Where a click came from: the link's own tag, the in-app browser, the Referer's network, or
// direct, in that order; hostile values stay short, visible text; the memoised detector
// answers exactly like the plain functions.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DIRECT_SOURCE, SOURCE_MAX_LENGTH, WHATSAPP_SOURCE_PARAM } from '../../src/shared/insights.js';
import {
  createSourceDetector,
  REFERER_HOST_MAX_LENGTH,
  sourceFromQuery,
  sourceFromReferer,
} from '../../src/server/insights/click-source.js';
import { OTHER_PROFILE, type UserAgentProfile } from '../../src/server/insights/user-agent-profile.js';

const PUBLIC_HOST = 'encurta.br';
const browser: UserAgentProfile = Object.freeze({ device: 'mobile', system: 'android', browser: 'chrome', app: undefined });
const instagramApp: UserAgentProfile = Object.freeze({ device: 'mobile', system: 'ios', browser: 'instagram', app: 'instagram' });

describe('the order: tag, in-app browser, referrer, direct', () => {
  const detect = createSourceDetector({ publicHost: PUBLIC_HOST });

  it('takes utm_source first, over ref, the app and the referrer', () => {
    expect(detect('/promo?ref=blog&utm_source=Newsletter', 'https://www.google.com/', instagramApp)).toBe('newsletter');
  });

  it("takes a tag spelled as a bucket's own name ('other', 'unknown') as no tag", () => {
    expect(detect('/promo?utm_source=other', 'https://www.google.com/', browser)).toBe('google');
    expect(detect('/promo?utm_source=Unknown&ref=blog', undefined, browser)).toBe('blog');
    expect(detect('/promo?ref=%20OTHER%20', undefined, instagramApp)).toBe('instagram');
    // 'direct' says what it means.
    expect(detect('/promo?utm_source=direct', 'https://www.google.com/', browser)).toBe('direct');
  });

  it('takes ref when there is no utm_source, or an empty one', () => {
    expect(detect('/promo?ref=blog', 'https://www.google.com/', instagramApp)).toBe('blog');
    expect(detect('/promo?utm_source=&ref=blog', undefined, browser)).toBe('blog');
    expect(detect('/promo?utm_source=%20%09&ref=blog', undefined, browser)).toBe('blog');
    expect(detect('/promo?utm_source&ref=blog', undefined, browser)).toBe('blog');
  });

  it('takes the in-app browser over the referrer', () => {
    expect(detect('/promo', 'https://www.google.com/', instagramApp)).toBe('instagram');
    expect(detect('/promo?utm_medium=social', 'https://www.google.com/', instagramApp)).toBe('instagram');
  });

  it('takes the referrer when nothing else says', () => {
    expect(detect('/promo', 'https://www.google.com.br/', browser)).toBe('google');
    expect(detect('/promo?x=1', 'https://blog.exemplo.com.br/post', browser)).toBe('blog.exemplo.com.br');
  });

  it('is direct when nothing says (WhatsApp sends no referrer)', () => {
    expect(detect('/promo', undefined, browser)).toBe(DIRECT_SOURCE);
    expect(detect('/promo', '', browser)).toBe(DIRECT_SOURCE);
    expect(detect('/promo?', undefined, OTHER_PROFILE)).toBe(DIRECT_SOURCE);
  });

  it('counts the "copiar para WhatsApp" link as whatsapp', () => {
    expect(detect(`/promo?${WHATSAPP_SOURCE_PARAM}`, undefined, browser)).toBe('whatsapp');
  });
});

describe('sourceFromQuery', () => {
  it('has nothing to say without a query or a tag', () => {
    expect(sourceFromQuery('/promo')).toBeUndefined();
    expect(sourceFromQuery('/promo?')).toBeUndefined();
    expect(sourceFromQuery('/promo?utm_medium=email&referrer=x&reff=y')).toBeUndefined();
    expect(sourceFromQuery('/promo?xutm_source=a&UTM_SOURCE=b')).toBeUndefined();
  });

  it('takes the first utm_source, as URLSearchParams would', () => {
    expect(sourceFromQuery('/promo?utm_source=a&utm_source=b')).toBe('a');
    expect(sourceFromQuery('/promo?utm_medium=x&utm_source=instagram&utm_campaign=natal')).toBe('instagram');
  });

  it('decodes, lowercases, trims and collapses whitespace', () => {
    expect(sourceFromQuery('/p?utm_source=Grupo+da+Fam%C3%ADlia')).toBe('grupo da família');
    expect(sourceFromQuery('/p?utm_source=%20%20Boletim%09%0A%20Semanal%20')).toBe('boletim semanal');
    expect(sourceFromQuery('/p?utm_source=a%2Bb')).toBe('a+b');
    expect(sourceFromQuery('/p?utm_source=ok#fragmento')).toBe('ok');
  });

  it('keeps a malformed percent-encoding as it is', () => {
    expect(sourceFromQuery('/p?utm_source=100%')).toBe('100%');
    expect(sourceFromQuery('/p?utm_source=%E0%A4%A')).toBe('%e0%a4%a');
  });

  it('keeps HTML as plain text, cut to SOURCE_MAX_LENGTH (the app escapes what it shows)', () => {
    const html = encodeURIComponent('<script>alert("oi")</script><img src=x onerror=alert(1)>');
    const source = sourceFromQuery(`/p?utm_source=${html}`);
    expect(source).toBe('<script>alert("oi")</script><img');
    expect(source).toHaveLength(SOURCE_MAX_LENGTH);
  });

  it('removes control and invisible characters', () => {
    expect(sourceFromQuery('/p?utm_source=in%00sta%07gram%1B%7F')).toBe('instagram');
    // A right-to-left override and zero-width characters would disguise the text on screen.
    expect(sourceFromQuery('/p?utm_source=%E2%80%AEmargorp%E2%80%8B%EF%BB%BF')).toBe('margorp');
    expect(sourceFromQuery('/p?utm_source=a%00%20%00b')).toBe('a b');
    expect(sourceFromQuery('/p?utm_source=%00%01%02')).toBeUndefined();
  });

  it('cuts very long values to SOURCE_MAX_LENGTH', () => {
    expect(sourceFromQuery(`/p?utm_source=${'A'.repeat(10_000)}`)).toBe('a'.repeat(SOURCE_MAX_LENGTH));
    expect(sourceFromQuery(`/p?utm_source=${'%20'.repeat(5_000)}x`)).toBe('x');
    expect(sourceFromQuery(`/p?utm_source=${'a b '.repeat(2_500)}`)).toBe('a b '.repeat(8).slice(0, SOURCE_MAX_LENGTH - 1));
  });

  it('never cuts a character in half', () => {
    // 31 letters and an emoji (two UTF-16 units): the emoji does not fit and goes whole.
    const source = sourceFromQuery(`/p?utm_source=${'a'.repeat(31)}${encodeURIComponent('😀')}`);
    expect(source).toBe('a'.repeat(31));
    // A lone surrogate (not valid UTF-8 once stored) is dropped.
    expect(sourceFromQuery(`/p?ref=${'b'.repeat(3)}\ud800`)).toBe('bbb');
  });

  it('answers at most SOURCE_MAX_LENGTH characters of visible, trimmed, lowercase text for any query', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (value) => {
        const source = sourceFromQuery(`/p?utm_source=${value}`);
        if (source === undefined) return;
        expect(source.length).toBeGreaterThan(0);
        expect(source.length).toBeLessThanOrEqual(SOURCE_MAX_LENGTH);
        expect(source).toBe(source.trim());
        expect(source).toBe(source.toLowerCase());
        expect(source).not.toMatch(/[\p{Cc}\p{Cf}\p{Cs}]|\s{2}/u);
      }),
      { numRuns: 200 },
    );
  });
});

describe('sourceFromReferer', () => {
  const NETWORKS: [string, string][] = [
    ['https://l.instagram.com/?u=https%3A%2F%2Fencurta.br%2Fpromo', 'instagram'],
    ['https://instagram.com/', 'instagram'],
    ['https://www.instagram.com/', 'instagram'],
    ['https://facebook.com/', 'facebook'],
    ['https://m.facebook.com/', 'facebook'],
    ['https://lm.facebook.com/', 'facebook'],
    ['https://l.facebook.com/l.php?u=x', 'facebook'],
    ['https://fb.me/', 'facebook'],
    ['https://www.google.com/', 'google'],
    ['https://www.google.com.br/', 'google'],
    ['https://google.com.br/', 'google'],
    ['https://news.google.com/', 'google'],
    ['https://www.google.co.uk/', 'google'],
    ['https://www.google.de/', 'google'],
    ['https://mail.google.com/', 'email'],
    ['https://t.co/abc', 'x'],
    ['https://x.com/', 'x'],
    ['https://twitter.com/', 'x'],
    ['https://mobile.twitter.com/', 'x'],
    ['https://lnkd.in/abc', 'linkedin'],
    ['https://www.linkedin.com/', 'linkedin'],
    ['https://t.me/canal', 'telegram'],
    ['https://web.telegram.org/', 'telegram'],
    ['https://web.whatsapp.com/', 'whatsapp'],
    ['https://wa.me/5511999999999', 'whatsapp'],
    ['https://www.youtube.com/', 'youtube'],
    ['https://m.youtube.com/', 'youtube'],
    ['https://youtu.be/abc', 'youtube'],
    ['https://www.tiktok.com/', 'tiktok'],
    ['https://www.bing.com/', 'bing'],
    ['https://duckduckgo.com/', 'duckduckgo'],
    ['https://search.yahoo.com/', 'yahoo'],
    ['https://br.search.yahoo.com/', 'yahoo'],
    ['https://mail.yahoo.com/', 'email'],
    ['https://outlook.live.com/', 'email'],
    ['https://outlook.office.com/', 'email'],
    ['https://mail.uol.com.br/', 'email'],
    ['https://webmail.terra.com.br/', 'email'],
    ['https://br.pinterest.com/', 'pinterest'],
    ['https://www.pinterest.com.br/', 'pinterest'],
    ['https://www.reddit.com/', 'reddit'],
    ['https://www.kwai.com/', 'kwai'],
    ['https://www.threads.net/', 'threads'],
    ['https://discord.com/channels/1/2', 'discord'],
    ['https://snapchat.com/', 'snapchat'],
    ['https://m.me/', 'facebook'],
    ['https://fb.watch/abc/', 'facebook'],
    ['https://ig.me/', 'instagram'],
    ['https://www.youtube-nocookie.com/', 'youtube'],
    ['https://outlook.com/', 'email'],
  ];

  it.each(NETWORKS)('%s → %s', (referer, source) => {
    expect(sourceFromReferer(referer, PUBLIC_HOST)).toBe(source);
  });

  it('names any other site by its host, lowercase, without www.', () => {
    expect(sourceFromReferer('https://www.Exemplo.com.br/artigo?x=1#y', PUBLIC_HOST)).toBe('exemplo.com.br');
    expect(sourceFromReferer('http://blog.exemplo.com.br:8080/', PUBLIC_HOST)).toBe('blog.exemplo.com.br');
    expect(sourceFromReferer('https://exemplo.com.br', PUBLIC_HOST)).toBe('exemplo.com.br');
    expect(sourceFromReferer('https://exemplo.com.br./', PUBLIC_HOST)).toBe('exemplo.com.br');
    expect(sourceFromReferer('HTTPS://EXEMPLO.COM.BR/', PUBLIC_HOST)).toBe('exemplo.com.br');
    expect(sourceFromReferer('http://[2001:db8::1]:8080/', PUBLIC_HOST)).toBe('[2001:db8::1]');
    expect(sourceFromReferer('http://192.168.0.10/', PUBLIC_HOST)).toBe('192.168.0.10');
  });

  it('does not take a look-alike for a network', () => {
    expect(sourceFromReferer('https://google.golpe.com/', PUBLIC_HOST)).toBe('google.golpe.com');
    expect(sourceFromReferer('https://notinstagram.com/', PUBLIC_HOST)).toBe('notinstagram.com');
    expect(sourceFromReferer('https://instagram.com.golpe.net/', PUBLIC_HOST)).toBe('instagram.com.golpe.net');
    // The host is after the credentials, not before.
    expect(sourceFromReferer('https://instagram.com@golpe.net/', PUBLIC_HOST)).toBe('golpe.net');
  });

  it('cuts a long host to REFERER_HOST_MAX_LENGTH and ignores one no DNS name could be', () => {
    const long = `${'a'.repeat(60)}.${'b'.repeat(60)}.com.br`;
    expect(sourceFromReferer(`https://${long}/`, PUBLIC_HOST)).toBe(long.slice(0, REFERER_HOST_MAX_LENGTH));
    expect(sourceFromReferer(`https://${'a.'.repeat(200)}com/`, PUBLIC_HOST)).toBeUndefined();
  });

  it('ignores our own site, with or without www. and port', () => {
    expect(sourceFromReferer('https://encurta.br/', PUBLIC_HOST)).toBeUndefined();
    expect(sourceFromReferer('https://www.encurta.br/painel', PUBLIC_HOST)).toBeUndefined();
    expect(sourceFromReferer('http://localhost:3000/', 'localhost:3000')).toBeUndefined();
    expect(sourceFromReferer('https://sub.encurta.br/', PUBLIC_HOST)).toBe('sub.encurta.br');
  });

  it('ignores what is not an http(s) URL', () => {
    for (const referer of [
      'not a url',
      '',
      '/relative/path',
      'ftp://files.example.com/',
      'javascript:alert(1)',
      'data:text/html,<b>oi</b>',
      'http://',
      'https:///path',
      'https://exem plo.com/',
      'https://<script>/',
      'https://exemplo.com%00.br/',
      'android-app://com.exemplo.desconhecido/',
    ]) {
      expect(sourceFromReferer(referer, PUBLIC_HOST), referer).toBeUndefined();
    }
  });

  // Android apps may send their package as the referrer; the known ones name their network
  // (Gmail's app is e-mail), any other app is ignored like any non-http referrer.
  it('names the Android apps it knows by their package', () => {
    expect(sourceFromReferer('android-app://com.google.android.gm/', PUBLIC_HOST)).toBe('email');
    expect(sourceFromReferer('android-app://com.google.android.gm', PUBLIC_HOST)).toBe('email');
    expect(sourceFromReferer('android-app://com.google.android.googlequicksearchbox/https/www.google.com', PUBLIC_HOST)).toBe('google');
    expect(sourceFromReferer('android-app://com.linkedin.android/', PUBLIC_HOST)).toBe('linkedin');
    // Apps that open links in Chrome's custom tabs (no in-app mark in the user agent).
    for (const [app, source] of [
      ['com.reddit.frontpage', 'reddit'],
      ['com.facebook.lite', 'facebook'],
      ['com.instagram.barcelona', 'threads'],
      ['com.pinterest', 'pinterest'],
      ['com.kwai.video', 'kwai'],
      ['com.snapchat.android', 'snapchat'],
      ['com.ss.android.ugc.trill', 'tiktok'],
    ]) {
      expect(sourceFromReferer(`android-app://${app}/`, PUBLIC_HOST), app).toBe(source);
    }
  });
});

describe('createSourceDetector', () => {
  const REFERERS = [
    undefined,
    '',
    'not a url',
    'android-app://com.google.android.gm/',
    'https://encurta.br/',
    'https://www.encurta.br/x',
    'https://www.google.com.br/',
    'https://mail.google.com/mail/u/0/',
    'https://l.instagram.com/?u=x',
    'https://lm.facebook.com/l.php',
    'https://t.co/x',
    'http://blog.exemplo.com.br:8080/post',
    'https://EXEMPLO.com.br',
  ];
  const PROFILES = [browser, instagramApp, OTHER_PROFILE];
  const plain = (rawUrl: string, referer: string | undefined, profile: UserAgentProfile) =>
    sourceFromQuery(rawUrl) ??
    profile.app ??
    (referer === undefined ? undefined : sourceFromReferer(referer, PUBLIC_HOST)) ??
    DIRECT_SOURCE;

  it('answers exactly like the unmemoised functions, also once hosts are evicted', () => {
    const rawUrl = fc.oneof(
      fc.constant('/promo'),
      fc.string({ maxLength: 30 }).map((s) => `/promo${s}`),
      fc.tuple(fc.constantFrom('utm_source', 'ref', 'utm_medium'), fc.string({ unit: 'binary', maxLength: 40 })).map(([k, v]) => `/promo?${k}=${v}`),
    );
    const referer = fc.oneof(
      fc.constantFrom(...REFERERS),
      fc.string({ maxLength: 40 }),
      fc.tuple(fc.constantFrom('http://', 'https://', 'HTTP://', 'android-app://'), fc.domain(), fc.constantFrom('', '/', ':8080/x', '?q=1', '#f')).map((parts) => parts.join('')),
    );
    fc.assert(
      fc.property(fc.array(fc.tuple(rawUrl, referer, fc.constantFrom(...PROFILES)), { minLength: 1, maxLength: 50 }), fc.integer({ min: 1, max: 8 }), (clicks, memoSize) => {
        const detect = createSourceDetector({ publicHost: PUBLIC_HOST, memoSize });
        // Twice: the second pass answers from the memo where the host is still there.
        for (let pass = 0; pass < 2; pass++) {
          for (const [url, ref, profile] of clicks) expect(detect(url, ref, profile)).toBe(plain(url, ref, profile));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('uses the public host it is given, port and all', () => {
    const detect = createSourceDetector({ publicHost: 'localhost:3000' });
    expect(detect('/promo', 'http://localhost:3000/', browser)).toBe(DIRECT_SOURCE);
    expect(detect('/promo', 'http://localhost:3000/', browser)).toBe(DIRECT_SOURCE);
    expect(detect('/promo', 'https://encurta.br/', browser)).toBe('encurta.br');
  });
});
