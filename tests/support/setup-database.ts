import { beforeAll, beforeEach } from "vitest";
import { useDatabase } from "~/.server/db/client.server";
import { resetDatabase, testDatabase } from "./database";

beforeAll(async () => {
  useDatabase(await testDatabase());
});

beforeEach(async () => {
  await resetDatabase(await testDatabase());
});
