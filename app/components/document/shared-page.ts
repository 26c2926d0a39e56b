/**
 * A route's `handle` saying its page is the same for every visitor without a session (it reads no
 * cookie but the language's, no query string): the server renders it once per build, path and
 * language and keeps it (app/.server/http/render-cache.server.ts). A page that shows anything of
 * one visitor, or of the database, must not say so.
 */
export const sharedPageHandle = { sharedPage: true } as const;
