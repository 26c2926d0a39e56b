/**
 * Routes' `handle`s that let the render cache (app/.server/http/render-cache.server.ts) keep their
 * page and serve it again.
 *
 * `sharedPageHandle`: the page is the same for every visitor without a session (it reads no cookie
 * but the language's, no query string); it is kept per build, path and language. A page that shows
 * anything of one visitor, or of the database, must not say so.
 */
export const sharedPageHandle = { sharedPage: true } as const;

/**
 * `memberPagesHandle`, on the signed-in layout: its pages show what the database holds, the
 * member's cookies, their query string and the minute, nothing else; each is kept per session
 * until the next write to the database or the next minute. A page that shows more (a process's
 * own state, a countdown to the second) must not be under this layout.
 */
export const memberPagesHandle = { memberPage: true } as const;
