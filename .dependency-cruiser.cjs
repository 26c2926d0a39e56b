// The floors of ARCHITECTURE.md "Floors", checked by `npm run lint` (docs/where-things-are.md, "Floors").
// Imports run downward only: pages and API → domain services → shared floors, which import no domain.
// What a file-level rule cannot say (folders importing each other, domains speaking HTTP, route
// modules' length) is checked by tests/shape/check.ts, also in `npm run lint`.

/** Shared infrastructure under app/.server: it imports no domain (a domain's words come as arguments). */
const SHARED_FLOORS = [
  "db",
  "mail",
  "media",
  "calendar",
  "config",
  "i18n",
  "paging",
  "contract",
  "http",
  "observability",
  "rate-limit",
  "secrets",
];
const under = (folders) => `^app/[.]server/(${folders.join("|")})/`;

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-cycle",
      comment: "No import cycle across files, type-only imports included.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "shared-floor-imports-no-domain",
      comment:
        "A shared floor (db, mail, calendar, config, …) imports no domain: it takes the domain's words as arguments.",
      severity: "error",
      from: { path: under(SHARED_FLOORS) },
      // Every other folder is a domain (or transport above them): a new folder is covered the day it appears.
      to: { path: "^app/[.]server/[^/]+/", pathNot: under(SHARED_FLOORS) },
    },
    {
      name: "identity-through-its-facade",
      comment: "Outside identity/, only the façade identity-service.server.ts is imported.",
      severity: "error",
      from: { pathNot: "^app/[.]server/identity/" },
      to: { path: "^app/[.]server/identity/", pathNot: "^app/[.]server/identity/identity-service[.]server[.]ts$" },
    },
    {
      name: "contract-imports-no-api-assembly",
      comment: "Contracts are read by the API transport and the OpenAPI assembly, never the reverse.",
      severity: "error",
      from: { path: ["^app/[.]server/[^/]+/contract[.]server[.]ts$", "^app/[.]server/contract/"] },
      to: { path: ["^app/[.]server/api/", "^app/api/"] },
    },
    {
      name: "forms-and-i18n-import-no-component",
      comment: "Schemas and translation sit below the components that use them.",
      severity: "error",
      from: { path: "^app/(forms|i18n)/" },
      to: { path: "^app/components/" },
    },
    {
      name: "components-import-only-types-from-server",
      comment: "Components reach the browser: from app/.server they import types only.",
      severity: "error",
      from: { path: "^app/components/" },
      to: { path: "^app/[.]server/", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "author-space-pieces-stay-in-the-space",
      comment: "The author space's folder (its forms, components and form handling) serves the author pages only.",
      severity: "error",
      from: { pathNot: "^app/routes/_default[.]author" },
      to: { path: "^app/routes/_default[.]author/" },
    },
    {
      name: "server-imports-no-route",
      comment: "Nothing under app/.server imports a page or an API endpoint.",
      severity: "error",
      from: { path: "^app/[.]server/" },
      to: { path: "^app/(routes|api)/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: ["^app/[.]server/db/migrations/"] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { extensions: [".ts", ".tsx", ".js", ".json"] },
  },
};
