// The rules of link options as pure functions (src/shared/link-options.ts), shared by the server
// and the home form: checkLinkOptions at a fixed instant, and the form's wall-clock expiry read in
// Brasília time. Through the real API: test/links/link-options.test.ts.
import { describe, expect, it } from 'vitest';
import {
  checkLinkOptions,
  EXPIRY_MAX_AHEAD_MS,
  hasAnyOption,
  type LinkOptionsInput,
  wallClockToInstant,
} from '../../src/shared/link-options.js';

const NOW = Date.parse('2026-05-01T12:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();
const check = (input: LinkOptionsInput) => checkLinkOptions(input, NOW, 'encurta.br');
const codeOf = (input: LinkOptionsInput) => {
  const result = check(input);
  return result.ok ? 'ok' : result.code;
};

describe('checkLinkOptions', () => {
  it('with nothing set: every option null', () => {
    expect(check({})).toEqual({ ok: true, options: { expiresAt: null, maxClicks: null, password: null, iosUrl: null, androidUrl: null } });
    // null and '' are "not set" (what a form with empty fields sends).
    expect(check({ expiresAt: null, maxClicks: '', password: '', iosUrl: null, androidUrl: '' })).toEqual(check({}));
  });

  describe('expiresAt', () => {
    it('accepts from exactly 1 minute ahead, refuses 1 ms less', () => {
      expect(codeOf({ expiresAt: iso(NOW + 60_000) })).toBe('ok');
      expect(codeOf({ expiresAt: iso(NOW + 59_999) })).toBe('invalid_expires_at');
      expect(codeOf({ expiresAt: iso(NOW + 59_000) })).toBe('invalid_expires_at');
      expect(codeOf({ expiresAt: iso(NOW) })).toBe('invalid_expires_at');
      expect(codeOf({ expiresAt: iso(NOW - 3600_000) })).toBe('invalid_expires_at');
    });

    it('accepts up to exactly 5 years (of 365.25 days) ahead, refuses 1 ms more', () => {
      expect(EXPIRY_MAX_AHEAD_MS).toBe(157_788_000_000);
      expect(codeOf({ expiresAt: iso(NOW + EXPIRY_MAX_AHEAD_MS) })).toBe('ok');
      expect(codeOf({ expiresAt: iso(NOW + EXPIRY_MAX_AHEAD_MS + 1) })).toBe('invalid_expires_at');
      expect(codeOf({ expiresAt: '2036-01-01T00:00:00Z' })).toBe('invalid_expires_at');
    });

    it('answers the instant in UTC, whatever zone it was given in', () => {
      const result = check({ expiresAt: '2026-12-25T18:00-03:00' });
      expect(result).toEqual({ ok: true, options: expect.objectContaining({ expiresAt: '2026-12-25T21:00:00.000Z' }) });
      const withSeconds = check({ expiresAt: '2026-06-01T10:20:30.456+02:00' });
      expect(withSeconds.ok && withSeconds.options.expiresAt).toBe('2026-06-01T08:20:30.456Z');
    });

    it.each([
      ['a date without a time', '2026-12-25'],
      ['a time without a zone', '2026-12-25T18:00'],
      ['a locale string', '25/12/2026 18:00'],
      ['an English date', 'Dec 25, 2026 18:00 GMT'],
      ['words', 'amanhã'],
      ['epoch milliseconds', NOW + 86_400_000],
      ['epoch milliseconds as a string', String(NOW + 86_400_000)],
      ['true', true],
      ['an object', { at: '2026-12-25T18:00Z' }],
      ['an array', ['2026-12-25T18:00Z']],
      ['a month 13', '2026-13-01T10:00:00Z'],
      ['a zone without its minutes', '2026-12-25T18:00+03'],
    ])('refuses %s, as malformed (not as out of range)', (_name, expiresAt) => {
      expect(check({ expiresAt })).toEqual({ ok: false, code: 'invalid_expires_at', malformed: true });
    });

    it('an instant out of range is refused as such, not as malformed', () => {
      expect(check({ expiresAt: iso(NOW - 3600_000) })).toEqual({ ok: false, code: 'invalid_expires_at' });
    });

    it.each([
      ['a space instead of T', '2026-12-25 18:00Z'],
      ['lower-case t and z', '2026-12-25t18:00:00z'],
      ['an offset without a colon', '2026-12-25T15:00:00-0300'],
    ])('takes RFC 3339 forms: %s', (_name, expiresAt) => {
      const result = check({ expiresAt });
      expect(result.ok && result.options.expiresAt).toBe('2026-12-25T18:00:00.000Z');
    });

    // V8's Date.parse takes any day up to 31 in any month ('2027-02-30T10:00:00Z' would become
    // 2027-03-02): the date itself is checked.
    it('refuses a calendar date that does not exist (Feb 30, Apr 31)', () => {
      expect(codeOf({ expiresAt: '2027-02-30T10:00:00Z' })).toBe('invalid_expires_at');
      expect(codeOf({ expiresAt: '2027-04-31T10:00:00Z' })).toBe('invalid_expires_at');
    });
  });

  describe('maxClicks', () => {
    it('accepts whole numbers from 1 to 1,000,000,000', () => {
      for (const maxClicks of [1, 2, 25, 999_999_999, 1_000_000_000]) {
        const result = check({ maxClicks });
        expect(result.ok && result.options.maxClicks, String(maxClicks)).toBe(maxClicks);
      }
    });

    it.each([0, -1, 1.5, 0.5, 1_000_000_001, Number.MAX_SAFE_INTEGER, Number.NaN, Number.POSITIVE_INFINITY, '3', '10', true, [5], { n: 5 }])(
      'refuses %j',
      (maxClicks) => {
        expect(codeOf({ maxClicks })).toBe('invalid_max_clicks');
      },
    );
  });

  describe('password', () => {
    it('accepts 4 to 128 characters, counted as a person counts them (code points)', () => {
      for (const password of ['abcd', 'a'.repeat(128), '🔑🔑🔑🔑', 'çãéõ']) {
        const result = check({ password });
        expect(result.ok && result.options.password, password).toBe(password);
      }
      // 128 emoji are 256 UTF-16 units, still 128 characters.
      expect(codeOf({ password: '🔑'.repeat(128) })).toBe('ok');
    });

    it.each([
      ['3 characters', 'abc'],
      ['129 characters', 'a'.repeat(129)],
      ['3 emoji (6 UTF-16 units)', '🔑🔑🔑'],
      ['129 emoji', '🔑'.repeat(129)],
      ['a number', 12345],
      ['an array', ['abcd']],
      ['true', true],
    ])('refuses %s', (_name, password) => {
      expect(codeOf({ password })).toBe('invalid_password');
    });
  });

  describe('iosUrl and androidUrl', () => {
    it('accepts http(s) URLs, normalised like the link URL', () => {
      const result = check({ iosUrl: '  https://APPS.Apple.com/br/app/id1  ', androidUrl: 'http://play.google.com/store/apps/details?id=x' });
      expect(result).toEqual({
        ok: true,
        options: expect.objectContaining({ iosUrl: 'https://apps.apple.com/br/app/id1', androidUrl: 'http://play.google.com/store/apps/details?id=x' }),
      });
    });

    it.each([
      ['javascript:', 'javascript:alert(1)'],
      ['data:', 'data:text/html,oi'],
      ['ftp:', 'ftp://example.com/app'],
      ['no scheme', 'apps.apple.com/br/app/id1'],
      ['no host', 'https://'],
      ['credentials', 'https://user:senha@apps.apple.com/'],
      ['too long', `https://example.com/${'a'.repeat(4100)}`],
      ['our own host', 'https://encurta.br/outro-link'],
      ['a number', 42],
      ['an object', { href: 'https://apps.apple.com/' }],
    ])('refuses %s with its own code for each field', (_name, value) => {
      expect(codeOf({ iosUrl: value })).toBe('invalid_ios_url');
      expect(codeOf({ androidUrl: value })).toBe('invalid_android_url');
    });
  });

  it('answers the first bad field, in the order expiresAt, maxClicks, password, iosUrl, androidUrl', () => {
    const allBad = { expiresAt: 'x', maxClicks: 0, password: 'a', iosUrl: 'ftp://x', androidUrl: 'ftp://y' };
    expect(codeOf(allBad)).toBe('invalid_expires_at');
    expect(codeOf({ ...allBad, expiresAt: undefined })).toBe('invalid_max_clicks');
    expect(codeOf({ ...allBad, expiresAt: undefined, maxClicks: undefined })).toBe('invalid_password');
    expect(codeOf({ ...allBad, expiresAt: undefined, maxClicks: undefined, password: undefined })).toBe('invalid_ios_url');
    expect(codeOf({ androidUrl: 'ftp://y' })).toBe('invalid_android_url');
  });

  it('hasAnyOption: false only when nothing is set', () => {
    const none = { expiresAt: null, maxClicks: null, password: null, iosUrl: null, androidUrl: null };
    expect(hasAnyOption(none)).toBe(false);
    expect(hasAnyOption({ ...none, expiresAt: '2026-12-25T21:00:00.000Z' })).toBe(true);
    expect(hasAnyOption({ ...none, maxClicks: 1 })).toBe(true);
    expect(hasAnyOption({ ...none, password: 'abcd' })).toBe(true);
    expect(hasAnyOption({ ...none, iosUrl: 'https://apps.apple.com/' })).toBe(true);
    expect(hasAnyOption({ ...none, androidUrl: 'https://play.google.com/' })).toBe(true);
  });
});

describe('wallClockToInstant', () => {
  it("reads the home form's 'Expira em' in Brasília time (UTC−3)", () => {
    expect(wallClockToInstant('2026-12-25T18:00')).toBe('2026-12-25T21:00:00.000Z');
    expect(wallClockToInstant('2026-07-01T00:00')).toBe('2026-07-01T03:00:00.000Z');
    // Across midnight in UTC.
    expect(wallClockToInstant('2026-12-31T22:30')).toBe('2027-01-01T01:30:00.000Z');
  });

  it("follows the zone's own rules: Brazil's daylight saving time of 2018, New York's of 2026", () => {
    expect(wallClockToInstant('2018-12-25T18:00')).toBe('2018-12-25T20:00:00.000Z');
    expect(wallClockToInstant('2026-01-15T12:00', 'America/New_York')).toBe('2026-01-15T17:00:00.000Z');
    // The day the clocks go forward: the afternoon is already on UTC−4.
    expect(wallClockToInstant('2026-03-08T12:00', 'America/New_York')).toBe('2026-03-08T16:00:00.000Z');
    expect(wallClockToInstant('2026-07-01T12:00', 'Europe/Lisbon')).toBe('2026-07-01T11:00:00.000Z');
  });

  it('gives what checkLinkOptions accepts, read back as the same instant', () => {
    const instant = wallClockToInstant('2026-12-25T18:00');
    const result = checkLinkOptions({ expiresAt: instant }, NOW);
    expect(result.ok && result.options.expiresAt).toBe('2026-12-25T21:00:00.000Z');
  });

  it('takes the seconds a datetime-local value carries when they are not zero', () => {
    expect(wallClockToInstant('2026-12-25T18:00:30')).toBe('2026-12-25T21:00:30.000Z');
    expect(wallClockToInstant('2026-12-25T18:00:30.5')).toBe('2026-12-25T21:00:30.500Z');
    expect(wallClockToInstant('2026-12-25T18:00:60')).toBeUndefined();
  });

  it.each(['', '2026-12-25', '2026-12-25T18:00Z', '2026-12-25 18:00', '25/12/2026 18:00', '2026-12-25T8:00', 'amanhã'])(
    'is undefined for %j (not a datetime-local value)',
    (value) => {
      expect(wallClockToInstant(value)).toBeUndefined();
    },
  );

  // Date.UTC rolls over ('2026-02-30T10:00' would become 2026-03-02, '25:00' the next day).
  it('is undefined for impossible dates and times', () => {
    expect(wallClockToInstant('2026-02-30T10:00')).toBeUndefined();
    expect(wallClockToInstant('2026-13-01T10:00')).toBeUndefined();
    expect(wallClockToInstant('2026-12-25T25:00')).toBeUndefined();
    expect(wallClockToInstant('2026-12-25T18:60')).toBeUndefined();
  });
});
