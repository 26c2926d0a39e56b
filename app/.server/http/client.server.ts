import type { AppLoadContext } from "@remix-run/node";

/** Who is calling, as far as a sign-in needs to know: the address limits count, the device it names. */
export type Client = { ip: string; userAgent: string | null };

export function clientOf(request: Request, context: AppLoadContext): Client {
  return { ip: context.clientIp ?? "unknown", userAgent: request.headers.get("user-agent") };
}
