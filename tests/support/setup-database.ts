import { afterEach, beforeAll, beforeEach, vi } from "vitest";
import { setDatabase } from "~/.server/db/client.server";
import { resetDatabase, testDatabase } from "./database";
import { currentKratos, freshKratos, oryPass } from "./ory-identity";

beforeAll(async () => {
  setDatabase(await testDatabase());
});

beforeEach(async () => {
  await resetDatabase(await testDatabase());
  if (oryPass()) await freshKratos();
});

afterEach(() => {
  // A test that moved the clock on (identityClockForward) leaves the next one on time.
  vi.useRealTimers();
  // Every request Cap sent to Kratos, and every answer, matched Kratos's OpenAPI document.
  if (oryPass()) currentKratos().assertNoViolations();
});
