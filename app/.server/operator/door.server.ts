import { timingSafeEqual } from "node:crypto";
import { env } from "~/.server/config/env.server";
import { operatorSecret } from "~/.server/config/operator-secret.server";
import { parseRolesCommand, type RolesCommand } from "./roles-command.server";

const LOOPBACK = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);

/**
 * Whether a post to /operator/roles comes from `npm run roles` on this machine: from a loopback
 * address, carrying the secret kept under DATA_DIR. Anything else is answered as an unknown path.
 */
export function operatorCommandOf(
  clientIp: string | undefined,
  posted: { secret: string; words: string[] },
): RolesCommand | null {
  if (!clientIp || !LOOPBACK.has(clientIp)) return null;
  const shown = Buffer.from(posted.secret);
  const expected = Buffer.from(operatorSecret(env().DATA_DIR));
  if (shown.length !== expected.length || !timingSafeEqual(shown, expected)) return null;
  return parseRolesCommand(posted.words);
}
