// One answer per user-agent string, memoised (the crawler check, the insights profile): a few
// hundred strings make almost all traffic, and working an answer out costs 10–50 µs.
//
// Only the first USER_AGENT_READ_LENGTH characters are read. A browser's user agent is a few
// hundred characters (in-app browsers' included); a header of up to 16 KB is somebody's
// choice, and read whole it cost 360 µs in isbot's pattern and kept up to 16 KB per memo entry
// (1,000 entries each, a helper's soak audit). Every mark the answers look for (bots' names,
// in-app browsers', systems') comes early; ua-parser-js itself reads only the first 500.
import { LRUCache } from 'lru-cache';
import { detachedString } from './detached-string.js';

export const USER_AGENT_READ_LENGTH = 1024;

/** `answer` memoised per user agent (its first USER_AGENT_READ_LENGTH characters), `size` kept. */
export function createUserAgentMemo<T extends NonNullable<unknown>>(size: number, answer: (userAgent: string) => T): (userAgent: string) => T {
  const memo = new LRUCache<string, T>({ max: size });
  return (userAgent) => {
    const read = userAgent.length > USER_AGENT_READ_LENGTH ? userAgent.slice(0, USER_AGENT_READ_LENGTH) : userAgent;
    let known = memo.get(read);
    if (known === undefined) {
      // A cut of the header would keep the whole header alive as a key (ops/detached-string.ts).
      const own = detachedString(read);
      known = answer(own);
      memo.set(own, known);
    }
    return known;
  };
}
