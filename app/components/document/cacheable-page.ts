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
 * The shared subjects a kept member page may read (db/page-versions.server.ts), besides its
 * member's own rows: the trainings and their content, the coaches and their hours, the legal
 * pages, and the coaches' sessions (which times are free).
 */
export type SharedSubject = "catalogue" | "coaches" | "legal" | "bookings";

/** What the render cache reads of a route's handle: its page's kind, and what the page reads. */
export type CacheableHandle = { sharedPage: boolean; memberPage: boolean; reads: readonly SharedSubject[] };

/**
 * `memberPagesHandle`, on the signed-in layout: pages of one member's own, which show their own
 * rows, the shared subjects it names (each route under it may name more, with `readsHandle`),
 * the cookies, the path and query and the minute, nothing else. Each is kept for whoever sends
 * the same cookies, until a write to their rows or to a subject it reads, or the next minute
 * (and, with a session, while it is live). A page that shows more (a process's own state, a
 * countdown to the second) must not be under it; one that shows other members' rows says
 * `notKeptHandle`.
 */
export const memberPagesHandle = { memberPage: true, reads: ["catalogue", "coaches", "legal"] } as const;

/** A route under the signed-in layout whose page reads more shared subjects than the layout names. */
export const readsHandle = (...reads: SharedSubject[]) => ({ reads });

/**
 * A page that shows other members' rows (the back office's, a coach's view of a member's session,
 * an author's history): no member's version would end it, so it is never kept.
 */
export const notKeptHandle = { memberPage: false } as const;

/**
 * A coach's private agenda link (no session): the coach's sessions and the names of the members
 * who booked them (raised with the coach's bookings), kept per link and cookies.
 */
export const privateAgendaHandle = { memberPage: true, reads: ["coaches", "bookings"] } as const;
