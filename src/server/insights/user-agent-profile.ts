// What a click's user agent says about the device, system, browser and in-app browser behind
// it. ua-parser-js does the hard part; the in-app marks it misses (Threads, Telegram, Kwai,
// Pinterest) and the ones it names inconsistently are read here with one pattern. Run once per
// distinct user agent (createUserAgentProfiler memoises), so correctness comes before speed.
import UAParser from 'ua-parser-js';
import type { CommonBrowser, DeviceValue, KnownSource, SystemValue } from '../../shared/insights.js';
import { OTHER_VALUE } from '../../shared/insights.js';
import { createUserAgentMemo } from '../ops/user-agent-memo.js';

export interface UserAgentProfile {
  readonly device: DeviceValue;
  readonly system: SystemValue;
  /** Lowercase family name, at most BROWSER_MAX_LENGTH characters; 'other' when unknown. */
  readonly browser: string;
  /** The network whose in-app browser opened the link, as a click source; undefined for a browser. */
  readonly app: string | undefined;
}

export const BROWSER_MAX_LENGTH = 32;

/** What an empty or missing user agent is. */
export const OTHER_PROFILE: UserAgentProfile = Object.freeze({ device: 'other', system: 'other', browser: OTHER_VALUE, app: undefined });

// One alternative per network, each a capture group (the index names the app). Leftmost match
// wins; no app's user agent carries another's mark. Sources of the marks: Threads is
// "Barcelona <version>", Instagram "Instagram <version>", Facebook and Messenger put
// FBAN/FBAV/FB_IAB in brackets (Messenger counts as facebook: a link shared there arrives
// through Meta's network), TikTok "musical_ly_"/"trill_"/"BytedanceWebview", LinkedIn
// "[LinkedInApp]", Telegram "Telegram-Android/", X "TwitterAndroid"/"Twitter for iPhone",
// Pinterest "[Pinterest/iOS]", Kwai "Kwai/" or "kwai-android/".
const IN_APP_MARK =
  /\b(Barcelona [\d.]+)|\b(Instagram [\d.]+)|(\bFBAN\/|\bFBAV\/|\bFB_IAB\/)|(\bmusical_ly|\btrill_\d|\bBytedanceWebview\/)|(\bLinkedInApp\b)|(\bTelegram(?:-Android|-iOS)?\/)|(\bTwitter(?:Android| for i))|(\bSnapchat\/)|(\bPinterest(?:\/| for ))|(\bKwai\/|\bkwai-android\/)/i;
const IN_APP_NAMES = ['threads', 'instagram', 'facebook', 'tiktok', 'linkedin', 'telegram', 'x', 'snapchat', 'pinterest', 'kwai'] as const satisfies readonly (KnownSource & CommonBrowser)[];

/** ua-parser-js's OS names → ours; the Linux distributions it knows are desktops. */
const SYSTEMS = new Map<string, SystemValue>([
  ['android', 'android'],
  // Only matched when the user agent says Android too (Huawei phones): an Android phone to its owner.
  ['harmonyos', 'android'],
  ['android-x86', 'android'],
  ['android x86', 'android'],
  ['ios', 'ios'],
  ['windows', 'windows'],
  ['mac os', 'macos'],
  ['macos', 'macos'],
  ['chromium os', 'chromeos'],
  ['chrome os', 'chromeos'],
  ...[
    'linux', 'ubuntu', 'kubuntu', 'xubuntu', 'lubuntu', 'debian', 'fedora', 'mint', 'arch', 'suse', 'opensuse', 'gentoo', 'slackware',
    'mandriva', 'centos', 'pclinuxos', 'red hat', 'redhat', 'zenwalk', 'linpus', 'raspbian', 'deepin', 'manjaro', 'elementary os',
    'sabayon', 'linspire', 'mageia', 'vectorlinux', 'gnu',
  ].map((name): [string, SystemValue] => [name, 'linux']),
]);

/** Browser names that read better as their family ('mobile safari' is Safari on a phone). */
const BROWSER_FAMILIES = new Map<string, string>([
  ['mobile safari', 'safari'],
  // An app's own web view with no other mark (iOS: WebKit without "Safari/"; Android: "; wv").
  ['webkit', 'webview'],
  ['chrome webview', 'webview'],
  // The Google app on iOS.
  ['gsa', 'google'],
  ['twitter', 'x'],
]);

// One parser reused for every user agent: getResult() would also parse engine and CPU.
const parser = new UAParser();

/** The profile of one user agent (not memoised: see createUserAgentProfiler). */
export function profileOf(userAgent: string): UserAgentProfile {
  if (userAgent === '') return OTHER_PROFILE;
  parser.setUA(userAgent);
  const os = parser.getOS().name;
  const system = (os === undefined ? undefined : SYSTEMS.get(os.toLowerCase())) ?? 'other';
  const device = deviceOf(parser.getDevice().type, system, userAgent);
  const app = appOf(userAgent);
  // The in-app browser is the browser people used; ua-parser-js names only some of them (and
  // the Google app on Android only as a web view: named here as on iOS).
  const browser = app ?? (GOOGLE_APP_ANDROID.test(userAgent) ? 'google' : browserOf(parser.getBrowser().name));
  return Object.freeze({ device, system, browser, app });
}

function appOf(userAgent: string): string | undefined {
  const match = IN_APP_MARK.exec(userAgent);
  if (match === null) return undefined;
  for (let group = 1; group < match.length; group++) if (match[group] !== undefined) return IN_APP_NAMES[group - 1];
  return undefined;
}

function browserOf(name: string | undefined): string {
  if (name === undefined || name === '') return OTHER_VALUE;
  const lower = name.toLowerCase();
  return BROWSER_FAMILIES.get(lower) ?? (lower.length > BROWSER_MAX_LENGTH ? lower.slice(0, BROWSER_MAX_LENGTH).trimEnd() : lower);
}

const ANDROID_MOBILE = /\bMobile\b/;
/** The Google app's web view on Android: "; wv)" and "GSA/14.…". */
const GOOGLE_APP_ANDROID = /; wv\).* GSA\/\d/;

function deviceOf(type: string | undefined, system: SystemValue, userAgent: string): DeviceValue {
  if (type === 'mobile') return 'mobile';
  if (type === 'tablet') return 'tablet';
  // Smart TVs, consoles, watches, headsets, cars.
  if (type !== undefined) return 'other';
  switch (system) {
    // Android's convention: phones say "Mobile", tablets do not.
    case 'android':
      return ANDROID_MOBILE.test(userAgent) ? 'mobile' : 'tablet';
    // ua-parser-js names iPads; an iOS device it could not place is most likely a phone.
    case 'ios':
      return 'mobile';
    // iPadOS's desktop-mode Safari says "Macintosh" and cannot be told apart: desktop.
    case 'windows':
    case 'macos':
    case 'linux':
    case 'chromeos':
      return 'desktop';
    default:
      return 'other';
  }
}

/**
 * profileOf memoised per user-agent string (a few hundred strings make almost all traffic):
 * the same frozen object for the same string. No or empty user agent → OTHER_PROFILE.
 */
export function createUserAgentProfiler(size = 1000): (userAgent: string | undefined) => UserAgentProfile {
  const memo = createUserAgentMemo(size, profileOf);
  return (userAgent) => (userAgent === undefined || userAgent === '' ? OTHER_PROFILE : memo(userAgent));
}
