// What a link's options decide about one visit, as pure functions (src/server/redirect/link-options-gate.ts):
// the expiry's boundary and which target a user agent is sent to. Through the real routes:
// test/links/link-options.test.ts.
import { describe, expect, it } from 'vitest';
import { isExpired, targetFor } from '../../src/server/redirect/link-options-gate.js';
import type { LinkOptionsRow } from '../../src/server/links/link-repository.js';
import { BROWSER_USER_AGENTS, CRAWLER_USER_AGENTS } from '../helpers/fixtures.js';

const options = (overrides: Partial<LinkOptionsRow> = {}): LinkOptionsRow => ({
  expiresAt: null,
  maxClicks: null,
  passwordHash: null,
  iosUrl: null,
  androidUrl: null,
  ...overrides,
});

describe('isExpired', () => {
  const at = Date.parse('2026-12-25T21:00:00.000Z');

  it('is false until the expiry instant, true from that very millisecond on', () => {
    const expiring = options({ expiresAt: at });
    expect(isExpired(expiring, at - 60_000)).toBe(false);
    expect(isExpired(expiring, at - 1)).toBe(false);
    expect(isExpired(expiring, at)).toBe(true);
    expect(isExpired(expiring, at + 1)).toBe(true);
    expect(isExpired(expiring, at + 10 * 365 * 24 * 3600 * 1000)).toBe(true);
  });

  it('never expires a link without an expiry, whatever else it has', () => {
    expect(isExpired(options(), 0)).toBe(false);
    expect(isExpired(options(), Number.MAX_SAFE_INTEGER)).toBe(false);
    expect(isExpired(options({ maxClicks: 1, passwordHash: 'scrypt$x', iosUrl: 'https://apps.apple.com/' }), Date.now())).toBe(false);
  });
});

describe('targetFor', () => {
  const URL_WEB = 'https://example.com/web';
  const IOS = 'https://apps.apple.com/br/app/encurta/id123456789';
  const ANDROID = 'https://play.google.com/store/apps/details?id=br.encurta';
  const both = options({ iosUrl: IOS, androidUrl: ANDROID });

  // Real user agents (2024–2025 releases).
  const IPHONE_SAFARI = BROWSER_USER_AGENTS.safariIphone;
  const IPHONE_CHROME =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.153 Mobile/15E148 Safari/604.1';
  const IPHONE_INSTAGRAM =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 339.0.3.12.108 (iPhone14,5; iOS 17_5_1; pt_BR; pt; scale=3.00; 1170x2532; 618254209)';
  const IPAD = 'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
  const IPOD = 'Mozilla/5.0 (iPod touch; CPU iPhone OS 15_8 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/15.6.6 Mobile/15E148 Safari/604.1';
  // iPadOS 13+ Safari asks for the desktop site by default: indistinguishable from a Mac.
  const IPADOS_DESKTOP = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
  const ANDROID_TABLET = 'Mozilla/5.0 (Linux; Android 13; SM-X200) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.122 Safari/537.36';
  const ANDROID_FIREFOX = 'Mozilla/5.0 (Android 14; Mobile; rv:133.0) Gecko/133.0 Firefox/133.0';
  const MAC_CHROME = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

  it.each([
    ['iPhone Safari', IPHONE_SAFARI],
    ['iPhone Chrome', IPHONE_CHROME],
    ["Instagram's in-app browser on iPhone", IPHONE_INSTAGRAM],
    ['iPad saying iPad', IPAD],
    ['iPod touch', IPOD],
  ])('%s → iosUrl', (_name, ua) => {
    expect(targetFor(both, URL_WEB, ua)).toBe(IOS);
  });

  it.each([
    ['Chrome on an Android phone', BROWSER_USER_AGENTS.chromeAndroid],
    ['Samsung Internet', BROWSER_USER_AGENTS.samsungInternet],
    ['an Android tablet', ANDROID_TABLET],
    ['Firefox for Android', ANDROID_FIREFOX],
  ])('%s → androidUrl', (_name, ua) => {
    expect(targetFor(both, URL_WEB, ua)).toBe(ANDROID);
  });

  it.each([
    ['Chrome on Windows', BROWSER_USER_AGENTS.chromeWindows],
    ['Edge on Windows', BROWSER_USER_AGENTS.edgeWindows],
    ['Firefox on Linux', BROWSER_USER_AGENTS.firefoxLinux],
    ['Chrome on a Mac', MAC_CHROME],
    ['iPadOS Safari asking for the desktop site', IPADOS_DESKTOP],
    ['an empty user agent', ''],
    ['no user agent', undefined],
  ])('%s → the link URL', (_name, ua) => {
    expect(targetFor(both, URL_WEB, ua)).toBe(URL_WEB);
  });

  it('sends a system without its own target to the link URL', () => {
    expect(targetFor(options({ iosUrl: IOS }), URL_WEB, BROWSER_USER_AGENTS.chromeAndroid)).toBe(URL_WEB);
    expect(targetFor(options({ iosUrl: IOS }), URL_WEB, IPHONE_SAFARI)).toBe(IOS);
    expect(targetFor(options({ androidUrl: ANDROID }), URL_WEB, IPHONE_SAFARI)).toBe(URL_WEB);
    expect(targetFor(options({ androidUrl: ANDROID }), URL_WEB, BROWSER_USER_AGENTS.chromeAndroid)).toBe(ANDROID);
    expect(targetFor(options({ maxClicks: 5 }), URL_WEB, IPHONE_SAFARI)).toBe(URL_WEB);
  });

  it('matches whole words only: a crawler or a word merely containing "Android" is not a phone', () => {
    expect(targetFor(both, URL_WEB, CRAWLER_USER_AGENTS.googlebot)).toBe(URL_WEB);
    expect(targetFor(both, URL_WEB, 'MyAndroidApp/1.0')).toBe(URL_WEB);
    expect(targetFor(both, URL_WEB, 'NotAniPhoneClient/2.0')).toBe(URL_WEB);
  });
});
