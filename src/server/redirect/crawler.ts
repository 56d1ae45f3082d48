// Who gets the preview page instead of a redirect: isbot's maintained list, plus the words
// the spec names and the link-preview fetchers that matter in Brazil (WhatsApp first).
import { isbot } from 'isbot';
import { createUserAgentMemo } from '../ops/user-agent-memo.js';

// LinkedIn, Telegram and Pinterest by their fetchers' own names: their apps' in-app browsers
// (`LinkedInApp`, `Telegram-Android`, `[Pinterest/Android]`) are people opening the link.
const EXTRA_CRAWLER_WORDS =
  /bot|facebook|embed|got|curl|wget|google|yahoo|bing|msn|duckduckgo|teoma|slurp|yandex|whatsapp|telegrambot|slack|discord|linkedinbot|skype|pinterest\/0\.|pinterestbot|vkshare|redditbot|applebot|preview|http-client|python|okhttp|java\//i;

// People's browsers whose user agents hold one of those words, which isbot itself calls people:
// TikTok's Android in-app browser ('Channel/googleplay'), DuckDuckGo's browser ('DuckDuckGo/5',
// also in the user-agents dataset), Cubot phones ('CUBOT P50', 'CUBOT_X30') and Microsoft's Bing
// app ('BingSapphire/28'), and Meta's apps on Google's phones, which write the maker as
// 'Google/google; Pixel 8'. Their marks are taken out before the words are matched, so a
// fetcher cannot pass by carrying one (DuckDuckBot and bingbot are isbot's anyway).
const PEOPLE_MARKS = /channel\/googleplay|duckduckgo\/\d|\bcubot|bingsapphire|\bgoogle\/google;/gi;

export function isCrawler(userAgent: string | undefined): boolean {
  // No user agent at all is a script, not a person: preview, and no click counted.
  if (userAgent === undefined || userAgent.trim() === '') return true;
  return isbot(userAgent) || EXTRA_CRAWLER_WORDS.test(userAgent.replace(PEOPLE_MARKS, ''));
}

/**
 * The same answer, memoised: a few hundred distinct user agents make almost all traffic,
 * and isbot's pattern is large, so the hot path should not run it on every request.
 */
export function createCrawlerDetector(size = 1000): (userAgent: string | undefined) => boolean {
  const memo = createUserAgentMemo(size, isCrawler);
  return (userAgent) => (userAgent === undefined ? true : memo(userAgent));
}
