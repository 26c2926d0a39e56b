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
 * `memberPagesHandle`, on the signed-in layout and on a coach's private agenda link: pages of
 * one member's (or coach's) own, which show what the database holds, the cookies, the path and
 * query (a private link's token among them) and the minute, nothing else. Each is kept for whoever
 * sends the same cookies, until the next write to the database or the next minute (and, with a
 * session, while it is live). A page that shows more (a process's own state, a countdown to the
 * second) must not say so, nor be under a layout that does.
 */
export const memberPagesHandle = { memberPage: true } as const;
