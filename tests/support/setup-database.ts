import { beforeAll, beforeEach } from "vitest";
import { setDatabase } from "~/.server/db/client.server";
import { resetDatabase, testDatabase } from "./database";

beforeAll(async () => {
  setDatabase(await testDatabase());
});

beforeEach(async () => {
  await resetDatabase(await testDatabase());
});
