// The link-preview fetchers get the preview; the same networks' in-app browsers are people.
import { describe, expect, it } from 'vitest';
import UserAgent from 'user-agents';
import { isCrawler } from '../../src/server/redirect/crawler.js';

describe('in-app browsers are people, their networks’ fetchers are crawlers', () => {
  const people = {
    linkedinApp: 'Mozilla/5.0 (iPhone; CPU iPhone OS 16_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [LinkedInApp]/9.29.6981',
    telegramAndroid: 'Mozilla/5.0 (Linux; Android 13; SM-A536E Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/120.0.6099.144 Mobile Safari/537.36 Telegram-Android/10.5.0 (Samsung SM-A536E; Android 13; SDK 33; AVERAGE)',
    pinterestApp: 'Mozilla/5.0 (Linux; Android 12; moto g(60)) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/119.0.0.0 Mobile Safari/537.36 [Pinterest/Android]',
    instagram: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 307.0.0.34.111 (iPhone14,5; iOS 17_1; pt_BR; pt; scale=3.00; 1170x2532; 532277182)',
  };
  const fetchers = {
    linkedinBot: 'LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)',
    telegramBot: 'TelegramBot (like TwitterBot)',
    pinterest: 'Pinterest/0.2 (+https://www.pinterest.com/bot.html)',
    whatsapp: 'WhatsApp/2.23.20.0 A',
    facebook: 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
  };
  it.each(Object.entries(people))('%s is redirected', (_name, ua) => expect(isCrawler(ua)).toBe(false));
  it.each(Object.entries(fetchers))('%s gets the preview', (_name, ua) => expect(isCrawler(ua)).toBe(true));
});

describe('people whose user agents hold a crawler word are redirected', () => {
  const people = {
    // 'Channel/googleplay' holds 'google'.
    tiktokAndroid:
      'Mozilla/5.0 (Linux; Android 12; SM-A125M Build/SP1A.210812.016; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/119.0.6045.193 Mobile Safari/537.36 trill_330504 JsSdk/1.0 NetType/WIFI Channel/googleplay AppName/musical_ly app_version/33.5.4 ByteLocale/pt-BR ByteFullLocale/pt-BR Region/BR AppId/1233 Spark/1.4.6.3-bugfix AppVersion/33.5.4 BytedanceWebview/d8a21c6',
    duckduckgoAndroid: 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/124.0.0.0 Mobile DuckDuckGo/5 Safari/537.36',
    duckduckgoIos: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 DuckDuckGo/7 Safari/605.1.15',
    // 'CUBOT' holds 'bot'.
    cubotP50: 'Mozilla/5.0 (Linux; Android 11; CUBOT P50) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
    cubotX30: 'Mozilla/5.0 (Linux; Android 10; CUBOT_X30) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
    // Meta's apps write the maker of a Pixel as 'Google/google'.
    instagramPixel:
      'Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/AP2A.240805.005; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/127.0.6533.103 Mobile Safari/537.36 Instagram 317.0.0.34.109 Android (34/14; 420dpi; 1080x2400; Google/google; Pixel 8; shiba; shiba; pt_BR; 563459864)',
    threadsPixel:
      'Mozilla/5.0 (Linux; Android 14; Pixel 7 Build/AP2A.240805.005; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/127.0.6533.103 Mobile Safari/537.36 Barcelona 345.0.0.34.93 Android (34/14; 420dpi; 1080x2400; Google/google; Pixel 7; panther; panther; pt_BR; 627400445)',
    bingApp:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 EdgiOS/123.0.2420.108 Mobile/15E148 Safari/605.1.15 BingSapphire/28.3.430321001',
  };
  const fetchers = {
    duckduckbot: 'DuckDuckBot/1.1; (+http://duckduckgo.com/duckduckbot.html)',
    bingbot: 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
    googlebot: 'Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.126 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    // A person's mark does not hide a fetcher's own word.
    scriptWithMark: 'python-requests/2.31 DuckDuckGo/5',
    googleWithMark: 'Google-Something/1.0 Channel/googleplay',
  };
  it.each(Object.entries(people))('%s is redirected', (_name, ua) => expect(isCrawler(ua)).toBe(false));
  it.each(Object.entries(fetchers))('%s gets the preview', (_name, ua) => expect(isCrawler(ua)).toBe(true));
});

describe('the user-agents dataset (real browsers, maintained on npm)', () => {
  const agents = [...new Set(UserAgent.top().map((entry) => entry.userAgent))];
  it(`every one of its ${agents.length} distinct browsers is redirected`, () => {
    expect(agents.length).toBeGreaterThan(100);
    expect(agents.filter((ua) => isCrawler(ua))).toEqual([]);
  });
});
