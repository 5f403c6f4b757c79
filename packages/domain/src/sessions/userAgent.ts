/**
 * What a person recognises a signed-in browser by (issue 14 §5): the browser and the device's system,
 * read from the user agent the browser sent when it signed in. Pure and approximate on purpose: a
 * user agent can say anything, so this only names; nothing is decided on it.
 */
export interface UserAgentSummary {
  /** "Chrome 131", "Firefox", "Safari", … or "API client" / "Unknown browser". */
  browser: string;
  /** "Windows", "macOS", "iPhone", "Android phone", … or "Unknown device". */
  device: string;
  /** Mobile phones and tablets vs everything else (the list's icon). */
  kind: 'desktop' | 'mobile';
}

const BROWSERS: readonly [RegExp, string][] = [
  [/\bEdgA?\/(\d+)/, 'Edge'],
  [/\bOPR\/(\d+)/, 'Opera'],
  [/\bSamsungBrowser\/(\d+)/, 'Samsung Internet'],
  [/\bFirefox\/(\d+)/, 'Firefox'],
  [/\bFxiOS\/(\d+)/, 'Firefox'],
  [/\bCriOS\/(\d+)/, 'Chrome'],
  [/\bHeadlessChrome\/(\d+)/, 'Headless Chrome'],
  [/\bChrom(?:e|ium)\/(\d+)/, 'Chrome'],
  [/\bVersion\/(\d+)[\d.]* (?:Mobile\/\S+ )?Safari\//, 'Safari'],
];

const API_CLIENTS =
  /^(curl|Wget|python-requests|Python-urllib|node|undici|axios|Go-http-client|PostmanRuntime|okhttp)\b/i;

function browserOf(ua: string): string {
  for (const [re, name] of BROWSERS) {
    const m = re.exec(ua);
    if (m) return `${name} ${m[1]}`;
  }
  if (API_CLIENTS.test(ua)) return 'API client';
  return 'Unknown browser';
}

function deviceOf(ua: string): { device: string; kind: 'desktop' | 'mobile' } {
  if (/\biPhone\b/.test(ua)) return { device: 'iPhone', kind: 'mobile' };
  if (/\biPad\b/.test(ua)) return { device: 'iPad', kind: 'mobile' };
  if (/\bAndroid\b/.test(ua))
    return /\bMobile\b/.test(ua)
      ? { device: 'Android phone', kind: 'mobile' }
      : { device: 'Android tablet', kind: 'mobile' };
  if (/\bWindows\b/.test(ua)) return { device: 'Windows', kind: 'desktop' };
  if (/\bCrOS\b/.test(ua)) return { device: 'ChromeOS', kind: 'desktop' };
  if (/\bMac OS X\b|\bMacintosh\b/.test(ua)) return { device: 'macOS', kind: 'desktop' };
  if (/\bLinux\b/.test(ua)) return { device: 'Linux', kind: 'desktop' };
  return { device: 'Unknown device', kind: 'desktop' };
}

/** The browser and device a user agent names (`null`: the sign-in sent none). */
export function describeUserAgent(ua: string | null): UserAgentSummary {
  if (!ua) return { browser: 'Unknown browser', device: 'Unknown device', kind: 'desktop' };
  return { browser: browserOf(ua), ...deviceOf(ua) };
}
