// The link-preview fetchers get the preview; the same networks' in-app browsers are people.
import { describe, expect, it } from 'vitest';
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
