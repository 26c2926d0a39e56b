/**
 * The version of the front end being served (the Remix build's manifest version), set by
 * app/server-build.ts when the build loads. The browser compares it with the one it stored
 * (SPEC §4 version check).
 */
let current = "development";

export function setBuildVersion(version: string) {
  current = version;
}

export function buildVersion(): string {
  return current;
}
