import type { Context, Handler } from "./context";
import { errorReply, notFound } from "./errors";
import { identityJson, SCHEMA_ID, traitErrors, type StoredIdentity, type VerifiableAddress } from "./identities";
import { sessionJson } from "./sessions";

/** The admin identity API (`/admin/identities…`). */

const conflict = () =>
  errorReply(409, "This identity conflicts with another identity that already exists.", {
    id: "resource_conflict",
    message: "The resource could not be created due to a conflict",
  });

const invalidTraits = (traits: unknown) => {
  const problems = traitErrors(traits);
  return problems.length > 0 ? errorReply(400, problems.map((p) => `${p.path}: ${p.message}`).join("; ")) : undefined;
};

export const listIdentities: Handler = (context, request) => {
  const identifier = request.query.get("credentials_identifier");
  const ids = request.query.getAll("ids");
  let found = context.identities.all();
  if (identifier) found = found.filter((identity) => identity.identifiers.includes(identifier.trim().toLowerCase()));
  if (ids.length > 0) found = found.filter((identity) => ids.includes(identity.id));
  return { status: 200, body: found.map((identity) => identityJson(identity, context.baseUrl)) };
};

export const createIdentity: Handler = async (context, request) => {
  const body = request.body as {
    schema_id: string;
    traits: Record<string, unknown>;
    state?: "active" | "inactive";
    external_id?: string;
    metadata_public?: unknown;
    metadata_admin?: unknown;
    verifiable_addresses?: Array<Partial<VerifiableAddress>>;
    credentials?: { password?: { config?: { password?: string; hashed_password?: string } } };
  };
  if (body.schema_id !== SCHEMA_ID) return errorReply(400, `The identity schema "${body.schema_id}" is unknown.`);
  const invalid = invalidTraits(body.traits);
  if (invalid) return invalid;
  const config = body.credentials?.password?.config;
  // Imports: the fake verifies with argon2, so it accepts argon2id PHC strings only.
  if (config?.hashed_password && !config.hashed_password.startsWith("$argon2id$")) {
    return errorReply(400, "Unable to import the password hash: only argon2id PHC strings are supported by this fake.");
  }
  if (context.identities.conflicts(body.traits)) return conflict();
  // Kratos keeps external ids unique (a unique index): a second identity with the same one is a 409.
  if (body.external_id && context.identities.byExternalId(body.external_id)) return conflict();
  const identity = context.identities.create({
    traits: body.traits,
    state: body.state,
    external_id: body.external_id,
    metadata_public: body.metadata_public,
    metadata_admin: body.metadata_admin,
    verifiable_addresses: body.verifiable_addresses,
    passwordHash: config?.hashed_password,
  });
  if (config?.password) await context.identities.setPassword(identity, config.password);
  return { status: 201, body: identityJson(identity, context.baseUrl, true) };
};

const found = (context: Context, id: string): StoredIdentity | undefined => context.identities.get(id);

export const getIdentity: Handler = (context, request) => {
  const identity = found(context, request.pathParams.id);
  return identity
    ? { status: 200, body: identityJson(identity, context.baseUrl, true, request.query.getAll("include_credential")) }
    : notFound("Unable to locate the resource");
};

/** `GET /admin/identities/by/external/{externalID}`, in Kratos v26.2.0: how an importer finds what it imported. */
export const getIdentityByExternalID: Handler = (context, request) => {
  const identity = context.identities.byExternalId(request.pathParams.externalID);
  return identity
    ? { status: 200, body: identityJson(identity, context.baseUrl, true) }
    : notFound("Unable to locate the resource");
};

export const deleteIdentity: Handler = (context, request) => {
  const id = request.pathParams.id;
  if (!context.identities.delete(id)) return notFound("Unable to locate the resource");
  context.sessions.deleteOfIdentity(id);
  return { status: 204 };
};

/** Every session of the identity, or only the active (`active=true`) or ended ones (`active=false`). */
export const listIdentitySessions: Handler = (context, request) => {
  const identity = found(context, request.pathParams.id);
  if (!identity) return notFound("Unable to locate the resource");
  const active = request.query.get("active");
  const sessions = context.sessions
    .allOfIdentity(identity.id)
    .filter((session) => active === null || context.sessions.isActive(session) === (active === "true"));
  return { status: 200, body: sessions.map((session) => sessionJson(session, context.identities, context.baseUrl)) };
};

export const deleteIdentitySessions: Handler = (context, request) => {
  const identity = found(context, request.pathParams.id);
  if (!identity) return notFound("Unable to locate the resource");
  context.sessions.deleteOfIdentity(identity.id);
  return { status: 204 };
};

/**
 * `DELETE /admin/identities/{id}/credentials/{type}`, for the second factors as Kratos does it: the
 * `totp` or `lookup_secret` credential goes (204), a type the identity does not hold is a 404, a
 * first factor cannot be removed here (400). Sessions are left as they are.
 */
export const deleteIdentityCredentials: Handler = (context, request) => {
  const identity = found(context, request.pathParams.id);
  if (!identity) return notFound("Unable to locate the resource");
  const type = request.pathParams.type;
  if (type !== "totp" && type !== "lookup_secret") {
    return type === "password" || type === "oidc"
      ? errorReply(400, "You can't remove first factor credentials.")
      : errorReply(400, `Removing ${type} credentials is not supported by this fake.`);
  }
  if (!(type === "totp" ? identity.totp : identity.lookup))
    return notFound(`You tried to remove a ${type} but this user have no ${type} set up.`);
  if (type === "totp") identity.totp = undefined;
  else identity.lookup = undefined;
  return { status: 204 };
};

/** The fields a JSON Patch may touch; `/id`, `/credentials` and timestamps are refused. */
const PATCHABLE = new Set([
  "traits",
  "state",
  "metadata_public",
  "metadata_admin",
  "external_id",
  "verifiable_addresses",
  "recovery_addresses",
  "schema_id",
]);

type PatchOp = { op: string; path: string; value?: unknown; from?: string };

function applyPatch(document: Record<string, unknown>, op: PatchOp): string | undefined {
  const segments = op.path
    .split("/")
    .slice(1)
    .map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"));
  if (!PATCHABLE.has(segments[0] ?? "")) return `patch path ${op.path} is not allowed`;
  if (!["add", "replace", "remove"].includes(op.op)) return `patch operation "${op.op}" is not supported by this fake`;
  let parent: any = document;
  for (const segment of segments.slice(0, -1)) {
    if (parent === null || typeof parent !== "object" || !(segment in parent))
      return `patch path ${op.path} does not exist`;
    parent = parent[segment];
  }
  const last = segments[segments.length - 1];
  if (op.op !== "add" && !(last in parent)) return `patch path ${op.path} does not exist`;
  if (Array.isArray(parent)) {
    const index = last === "-" ? parent.length : Number(last);
    if (op.op === "remove") parent.splice(index, 1);
    else if (op.op === "add") parent.splice(index, 0, op.value);
    else parent[index] = op.value;
  } else if (op.op === "remove") {
    delete parent[last];
  } else {
    parent[last] = op.value;
  }
  return undefined;
}

export const patchIdentity: Handler = (context, request) => {
  const identity = found(context, request.pathParams.id);
  if (!identity) return notFound("Unable to locate the resource");
  const document: Record<string, unknown> = structuredClone({
    traits: identity.traits,
    state: identity.state,
    metadata_public: identity.metadata_public ?? null,
    metadata_admin: identity.metadata_admin ?? null,
    external_id: identity.external_id,
    verifiable_addresses: identity.verifiable_addresses,
    recovery_addresses: identity.recovery_addresses,
    schema_id: identity.schema_id,
  });
  for (const op of request.body as PatchOp[]) {
    const problem = applyPatch(document, op);
    if (problem) return errorReply(400, problem);
  }
  const traits = document.traits as Record<string, unknown>;
  const invalid = invalidTraits(traits);
  if (invalid) return invalid;
  if (context.identities.conflicts(traits, identity.id)) return conflict();
  const state = document.state === "inactive" ? "inactive" : "active";
  if (state !== identity.state) identity.state_changed_at = context.now().toISOString();
  Object.assign(identity, {
    traits,
    state,
    metadata_public: document.metadata_public ?? undefined,
    metadata_admin: document.metadata_admin ?? undefined,
    external_id: document.external_id,
  });
  context.identities.rederive(identity, document.verifiable_addresses as Array<Partial<VerifiableAddress>>);
  return { status: 200, body: identityJson(identity, context.baseUrl, true) };
};
