// The browser's time zone, for the signed-in layout's guess (app/routes/_default.tsx), read in a
// worker: a page's first Intl.DateTimeFormat loads the locale data, a task of 16–40 ms on the
// main thread here and 130–330 ms at an 8× slower processor, which would block a member's tap.
postMessage(Intl.DateTimeFormat().resolvedOptions().timeZone || "");
