import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { logout } from "~/.server/accounts/login.server";
import { clearTokenCookie, readToken } from "~/.server/auth/token-cookie.server";

/** POST /logout: ends the session on the server and clears the token cookie (SPEC §4). */
export async function action({ request }: ActionFunctionArgs) {
  const token = await readToken(request);
  if (token) await logout(token);
  return redirect("/home", { status: 303, headers: { "Set-Cookie": await clearTokenCookie() } });
}

export function loader() {
  return redirect("/", 303);
}
