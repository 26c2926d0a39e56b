/**
 * The bench's anchor: a vanilla Remix v2 app, classic compiler, default entries, served
 * by remix-serve. bench/anchor.ts builds it with the repository's node_modules.
 * @type {import('@remix-run/dev').AppConfig}
 */
export default {
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: true,
  },
};
