import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { hash, verify } from "@node-rs/argon2";
import Ajv from "ajv";
import addFormats from "ajv-formats";

/**
 * Identities as Kratos stores them: traits validated against Cap's identity schema, addresses and the
 * password identifier derived from the schema's `ory.sh/kratos` extension, argon2id password hashes.
 */

export const SCHEMA_ID = "cap";

type Json = Record<string, unknown>;

export type VerifiableAddress = {
  id: string;
  value: string;
  via: "email";
  verified: boolean;
  verified_at?: string;
  status: "pending" | "sent" | "completed";
  created_at: string;
  updated_at: string;
};
export type RecoveryAddress = { id: string; value: string; via: "email"; created_at: string; updated_at: string };

export type StoredIdentity = {
  id: string;
  schema_id: string;
  traits: Json;
  state: "active" | "inactive";
  external_id?: string;
  metadata_public?: unknown;
  metadata_admin?: unknown;
  verifiable_addresses: VerifiableAddress[];
  recovery_addresses: RecoveryAddress[];
  identifiers: string[];
  passwordHash?: string;
  /** The paired authenticator app (the `totp` credential): its key and Kratos's otpauth URL. */
  totp?: { secret: string; url: string; createdAt: string };
  /** Recovery codes (the `lookup_secret` credential), each used once. */
  lookup?: { codes: Array<{ code: string; usedAt?: string }>; createdAt: string; updatedAt: string };
  created_at: string;
  updated_at: string;
  state_changed_at: string;
  credentialsUpdatedAt: string;
};

type Channels = { identifier: string[]; verification: string[]; recovery: string[] };

const identitySchema = JSON.parse(
  readFileSync(new URL("../../../app/.server/identity/identity.schema.json", import.meta.url), "utf8"),
) as { properties: { traits: Json } };

const ajv = new Ajv({ strict: false, allErrors: true });
addFormats(ajv);
const validateTraits = ajv.compile(identitySchema.properties.traits);

export type TraitError = { path: string; keyword: string; message: string; missing?: string };

/** Schema errors keyed by Kratos's node name (`traits.name.first`). */
export function traitErrors(traits: unknown): TraitError[] {
  if (validateTraits(traits)) return [];
  return (validateTraits.errors ?? []).map((error) => {
    const missing = error.keyword === "required" ? String(error.params.missingProperty) : undefined;
    const pointer = error.instancePath + (missing ? `/${missing}` : "");
    return {
      path: `traits${pointer.replace(/\//g, ".")}`,
      keyword: error.keyword,
      message: error.message ?? "is invalid",
      missing,
    };
  });
}

/** Walks the schema for `ory.sh/kratos` keywords; Ajv can't register that name, so it is read here. */
function channelsOf(traits: Json): Channels {
  const found: Channels = { identifier: [], verification: [], recovery: [] };
  const walk = (schema: Json, value: unknown) => {
    const extension = schema["ory.sh/kratos"] as
      | {
          credentials?: { password?: { identifier?: boolean } };
          verification?: { via?: string };
          recovery?: { via?: string };
        }
      | undefined;
    if (extension && typeof value === "string") {
      const normalized = value.trim().toLowerCase();
      if (extension.credentials?.password?.identifier) found.identifier.push(normalized);
      if (extension.verification?.via === "email") found.verification.push(normalized);
      if (extension.recovery?.via === "email") found.recovery.push(normalized);
    }
    const properties = schema.properties as Record<string, Json> | undefined;
    if (properties && value && typeof value === "object") {
      for (const [key, child] of Object.entries(properties)) walk(child, (value as Json)[key]);
    }
  };
  walk(identitySchema.properties.traits, traits);
  return found;
}

/** @node-rs/argon2 hashes with argon2id by default. */
export const hashPassword = (password: string) => hash(password);

export class IdentityStore {
  private readonly byId = new Map<string, StoredIdentity>();

  constructor(private readonly now: () => Date) {}

  all(): StoredIdentity[] {
    return [...this.byId.values()];
  }

  get(id: string): StoredIdentity | undefined {
    return this.byId.get(id);
  }

  byIdentifier(identifier: string): StoredIdentity | undefined {
    const wanted = identifier.trim().toLowerCase();
    return this.all().find((identity) => identity.identifiers.includes(wanted));
  }

  byExternalId(externalId: string): StoredIdentity | undefined {
    return this.all().find((identity) => identity.external_id === externalId);
  }

  byRecoveryAddress(value: string): StoredIdentity | undefined {
    const wanted = value.trim().toLowerCase();
    return this.all().find((identity) => identity.recovery_addresses.some((address) => address.value === wanted));
  }

  byVerifiableAddress(value: string): { identity: StoredIdentity; address: VerifiableAddress } | undefined {
    const wanted = value.trim().toLowerCase();
    for (const identity of this.byId.values()) {
      const address = identity.verifiable_addresses.find((candidate) => candidate.value === wanted);
      if (address) return { identity, address };
    }
    return undefined;
  }

  /** Would these traits take an identifier or address another identity already owns? */
  conflicts(traits: Json, exceptId?: string): boolean {
    const channels = channelsOf(traits);
    const wanted = new Set([...channels.identifier, ...channels.verification, ...channels.recovery]);
    return this.all().some(
      (other) =>
        other.id !== exceptId &&
        [
          ...other.identifiers,
          ...other.verifiable_addresses.map((a) => a.value),
          ...other.recovery_addresses.map((a) => a.value),
        ].some((v) => wanted.has(v)),
    );
  }

  /** Callers validate traits and check conflicts first. */
  create(input: {
    traits: Json;
    passwordHash?: string;
    state?: "active" | "inactive";
    external_id?: string;
    metadata_public?: unknown;
    metadata_admin?: unknown;
    verifiable_addresses?: Array<Partial<VerifiableAddress>>;
  }): StoredIdentity {
    const at = this.now().toISOString();
    const identity: StoredIdentity = {
      id: randomUUID(),
      schema_id: SCHEMA_ID,
      traits: input.traits,
      state: input.state ?? "active",
      external_id: input.external_id,
      metadata_public: input.metadata_public,
      metadata_admin: input.metadata_admin,
      verifiable_addresses: [],
      recovery_addresses: [],
      identifiers: [],
      passwordHash: input.passwordHash,
      created_at: at,
      updated_at: at,
      state_changed_at: at,
      credentialsUpdatedAt: at,
    };
    this.rederive(identity, input.verifiable_addresses ?? []);
    this.byId.set(identity.id, identity);
    return identity;
  }

  /**
   * Re-derives identifiers and addresses from the traits. An existing or supplied address with the
   * same value keeps its fields (Kratos's `merge` rule), so replacing the email drops the old one.
   */
  rederive(identity: StoredIdentity, supplied: Array<Partial<VerifiableAddress>>): void {
    const at = this.now().toISOString();
    const channels = channelsOf(identity.traits);
    identity.identifiers = [...new Set(channels.identifier)];
    identity.verifiable_addresses = [...new Set(channels.verification)].map((value) => {
      const existing = identity.verifiable_addresses.find((a) => a.value === value);
      const given = supplied.find((a) => typeof a.value === "string" && a.value.trim().toLowerCase() === value);
      const base: VerifiableAddress = existing ?? {
        id: randomUUID(),
        value,
        via: "email",
        verified: false,
        status: "pending",
        created_at: at,
        updated_at: at,
      };
      if (!given) return base;
      const verified = given.verified ?? base.verified;
      return {
        ...base,
        verified,
        status: given.status ?? base.status,
        verified_at: verified ? (given.verified_at ?? base.verified_at ?? at) : undefined,
        updated_at: at,
      };
    });
    identity.recovery_addresses = [...new Set(channels.recovery)].map(
      (value) =>
        identity.recovery_addresses.find((a) => a.value === value) ?? {
          id: randomUUID(),
          value,
          via: "email",
          created_at: at,
          updated_at: at,
        },
    );
    identity.updated_at = at;
  }

  delete(id: string): boolean {
    return this.byId.delete(id);
  }

  async setPassword(identity: StoredIdentity, password: string): Promise<void> {
    identity.passwordHash = await hashPassword(password);
    identity.credentialsUpdatedAt = this.now().toISOString();
  }

  async checkPassword(identifier: string, password: string): Promise<StoredIdentity | undefined> {
    const identity = this.byIdentifier(identifier);
    if (!identity?.passwordHash) {
      // Hash anyway so an unknown identifier costs about as much time as a wrong password.
      await hashPassword(password);
      return undefined;
    }
    return (await verify(identity.passwordHash, password)) ? identity : undefined;
  }

  markVerified(identity: StoredIdentity, value: string): void {
    const at = this.now().toISOString();
    for (const address of identity.verifiable_addresses) {
      if (address.value !== value) continue;
      Object.assign(address, { verified: true, verified_at: at, status: "completed", updated_at: at });
    }
  }
}

/**
 * The `identity` model; credentials only where the admin API includes them, without their secrets
 * (`config`) unless asked for by type (`include_credential`).
 */
export function identityJson(
  identity: StoredIdentity,
  baseUrl: string,
  withCredentials = false,
  withConfigOf: string[] = [],
): Json {
  const json: Json = {
    id: identity.id,
    schema_id: identity.schema_id,
    schema_url: `${baseUrl}/schemas/${Buffer.from(identity.schema_id).toString("base64url")}`,
    state: identity.state,
    state_changed_at: identity.state_changed_at,
    traits: identity.traits,
    verifiable_addresses: identity.verifiable_addresses,
    recovery_addresses: identity.recovery_addresses,
    metadata_public: identity.metadata_public ?? null,
    metadata_admin: identity.metadata_admin ?? null,
    created_at: identity.created_at,
    updated_at: identity.updated_at,
    organization_id: null,
  };
  if (identity.external_id) json.external_id = identity.external_id;
  if (!withCredentials) return json;
  const credentials: Json = {};
  const credential = (type: string, identifiers: string[], createdAt: string, updatedAt: string, config: Json) => {
    credentials[type] = {
      type,
      identifiers,
      version: 0,
      created_at: createdAt,
      updated_at: updatedAt,
      ...(withConfigOf.includes(type) ? { config } : {}),
    };
  };
  if (identity.passwordHash)
    credential("password", identity.identifiers, identity.created_at, identity.credentialsUpdatedAt, {
      hashed_password: identity.passwordHash,
    });
  // Kratos names the second factors' credentials by the identity's id.
  if (identity.totp)
    credential("totp", [identity.id], identity.totp.createdAt, identity.totp.createdAt, {
      totp_url: identity.totp.url,
    });
  if (identity.lookup)
    credential("lookup_secret", [identity.id], identity.lookup.createdAt, identity.lookup.updatedAt, {
      // Go writes an unused code's zero time as null.
      recovery_codes: identity.lookup.codes.map((code) => ({ code: code.code, used_at: code.usedAt ?? null })),
    });
  if (Object.keys(credentials).length > 0) json.credentials = credentials;
  return json;
}
