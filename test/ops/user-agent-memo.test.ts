import { describe, expect, it } from 'vitest';
import { createUserAgentMemo, USER_AGENT_READ_LENGTH } from '../../src/server/ops/user-agent-memo.js';
import { createCrawlerDetector } from '../../src/server/redirect/crawler.js';
import { createUserAgentProfiler } from '../../src/server/insights/user-agent-profile.js';

const CHROME_ANDROID = 'Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const INSTAGRAM =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 339.0.3.12.91 (iPhone14,5; iOS 17_5; pt_BR; pt; scale=3.00; 1170x2532; 614255203)';

describe('createUserAgentMemo', () => {
  it('answers once per user agent, and reads only its first USER_AGENT_READ_LENGTH characters', () => {
    const seen: string[] = [];
    const memo = createUserAgentMemo(10, (ua) => {
      seen.push(ua);
      return ua.length;
    });
    expect(memo(CHROME_ANDROID)).toBe(CHROME_ANDROID.length);
    expect(memo(CHROME_ANDROID)).toBe(CHROME_ANDROID.length);
    // 16 KB headers that differ only past the read length are one entry, answered from 1,024 characters.
    const long = `${CHROME_ANDROID} ${'x'.repeat(16_000)}`;
    expect(memo(`${long}a`)).toBe(USER_AGENT_READ_LENGTH);
    expect(memo(`${long}b`)).toBe(USER_AGENT_READ_LENGTH);
    expect(seen.map((ua) => ua.length)).toEqual([CHROME_ANDROID.length, USER_AGENT_READ_LENGTH]);
  });

  it('keeps its bound', () => {
    let calls = 0;
    const memo = createUserAgentMemo(2, () => ++calls);
    memo('a');
    memo('b');
    memo('c');
    expect(memo('c')).toBe(3);
    expect(memo('a')).toBe(4);
  });
});

describe('the crawler check and the insights profile on a padded user agent', () => {
  it('a browser padded to 16 KB is still a browser, with its in-app mark', () => {
    const padded = `${INSTAGRAM} ${'z'.repeat(16_000)}`;
    expect(createCrawlerDetector()(padded)).toBe(false);
    expect(createUserAgentProfiler()(padded)).toEqual(createUserAgentProfiler()(INSTAGRAM));
    expect(createUserAgentProfiler()(padded).app).toBe('instagram');
  });

  it('a crawler padded to 16 KB is still a crawler', () => {
    expect(createCrawlerDetector()(`facebookexternalhit/1.1 ${'z'.repeat(16_000)}`)).toBe(true);
    expect(createCrawlerDetector()(`WhatsApp/2.23.20.0 A ${'z'.repeat(16_000)}`)).toBe(true);
  });
});
