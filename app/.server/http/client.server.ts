import type { AppLoadContext } from "@remix-run/node";
import { type KnownDevice, readDevice } from "~/.server/http/device-cookie.server";

/**
 * Who is calling, as far as a sign-in needs to know: the address limits count, the device it
 * names, and the device cookie it carries (null: a stranger to every account).
 */
export type Client = { ip: string; userAgent: string | null; device?: KnownDevice | null };

export function clientOf(request: Request, context: AppLoadContext): Client {
  return {
    ip: context.clientIp ?? "unknown",
    userAgent: request.headers.get("user-agent"),
    device: readDevice(request.headers.get("Cookie")),
  };
}
