/** What a user agent says it is, in the words a device list shows (browser, system). */

// First match wins: Edge, Opera and Samsung Internet also name Chrome; Chrome names Safari; iOS
// names Mac OS X and Android names Linux.
const BROWSERS: [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, "Edge"],
  [/\bOPR\/|\bOpera\b/, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\bFirefox\/|\bFxiOS\//, "Firefox"],
  [/\bChrom(e|ium)\/|\bCriOS\//, "Chrome"],
  [/\bVersion\/[\d.]+.*\bSafari\//, "Safari"],
];
const SYSTEMS: [RegExp, string][] = [
  [/\biPhone|\biPad|\biPod/, "iOS"],
  [/\bAndroid\b/, "Android"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bWindows\b/, "Windows"],
  [/\bMac OS X\b|\bMacintosh\b/, "macOS"],
  [/\bLinux\b/, "Linux"],
];

/** Browser and system as the user agent names them; null when it does not say. */
export function describeDevice(userAgent: string | null): { browser: string | null; system: string | null } {
  const first = (names: [RegExp, string][]) =>
    userAgent ? (names.find(([pattern]) => pattern.test(userAgent))?.[1] ?? null) : null;
  return { browser: first(BROWSERS), system: first(SYSTEMS) };
}
