import { db } from "~/.server/db/client.server";
import { selfServiceCodes } from "~/.server/db/schema.server";
import { isUuid } from "~/.server/db/uuid.server";
import { queueIdentityMail } from "~/.server/mail/identity-mail.server";
import { eq } from "drizzle-orm";
import { codeIsUsable, consumeCode, issueCode, openCodeId } from "../codes.server";
import * as secondFactor from "./second-factor.server";
import * as store from "./store.server";
import { EmailTakenError, type Identity, normalizeEmail } from "../identity.server";
import type { IdentityPort } from "../port.server";

/**
 * The embedded adapter (ORY_SDK_URL unset): identities in our own database (./store),
 * each use case in ONE transaction with what Cap writes alongside (the member record, the mail).
 */
export const embeddedIdentity: IdentityPort = {
  kind: "embedded",

  async register(input, createMember) {
    try {
      return await db().transaction(async (tx) => {
        const identity = await store.createIdentity(tx, {
          email: input.email,
          password: input.password,
          first: input.name.first,
          last: input.name.last,
        });
        const created = await createMember(tx, identity);
        await mailVerificationCode(tx, identity, { lang: input.lang, firstname: input.name.first });
        const session = await store.createSession(tx, identity.id, input.userAgent);
        return { ok: true as const, token: session.token, identity, created };
      });
    } catch (error) {
      if (error instanceof EmailTakenError) return { ok: false, error: "emailTaken" };
      throw error;
    }
  },

  async login(email, password, userAgent) {
    const identityId = await store.checkPassword(email, password);
    if (!identityId) return null;
    const session = await store.createSession(db(), identityId, userAgent);
    return { token: session.token };
  },

  whoami: (token) => store.sessionOf(token),
  logout: (token) => store.revokeSession(token),
  pageVersions: (token) => store.pageVersions(token),

  async startRecovery(email, { lang }) {
    const address = normalizeEmail(email);
    return db().transaction(async (tx) => {
      // Read again inside the transaction (a local query): the code is issued for what is there now.
      const identityId = await store.findIdentityIdByEmail(tx, address);
      // For an unknown address the code exists (the answer looks the same) but opens nothing.
      const issued = await issueCode(tx, "recovery", address, identityId);
      if (identityId) {
        const mail = { kind: "recovery" as const, to: address, code: issued.code, flowId: issued.codeId };
        await queueIdentityMail(tx, { ...mail, identityId, lang, firstname: "" });
      }
      return { flowId: issued.codeId };
    });
  },

  recoveryIsOpen: (flowId) => codeIsUsable("recovery", flowId),

  async completeRecovery(flowId, code, password, from) {
    return db().transaction(async (tx) => {
      const check = await consumeCode(tx, "recovery", flowId, { code }, from);
      if (!check.ok) return check;
      await store.setPassword(tx, check.identityId, password);
      await store.revokeOtherSessions(tx, check.identityId);
      // The code proves the address: it counts as verified.
      await store.markAddressVerified(tx, check.identityId, check.address);
      const session = await store.createSession(tx, check.identityId);
      return { ok: true as const, token: session.token };
    });
  },

  async sendVerification(identity, options) {
    await db().transaction((tx) => mailVerificationCode(tx, identity, options));
  },

  async verifyWithCode(identityId, code, ip, then) {
    return db().transaction(async (tx) => {
      const codeId = await openCodeId(tx, identityId, "verification");
      if (!codeId) return { ok: false as const, error: "codeExpired" as const };
      const check = await consumeCode(tx, "verification", codeId, { code }, { ip });
      if (!check.ok) return check;
      await store.markAddressVerified(tx, check.identityId, check.address);
      await then(tx, check);
      return check;
    });
  },

  async verifyWithLink(flowId, secret, ip, then) {
    return db().transaction(async (tx) => {
      const check = await consumeCode(tx, "verification", flowId, { linkToken: secret }, { ip });
      if (!check.ok) return check;
      await store.markAddressVerified(tx, check.identityId, check.address);
      await then(tx, check);
      return check;
    });
  },

  async reauthenticate(_token, identity, password) {
    return (await store.checkPassword(identity.traits.email, password)) === identity.id;
  },

  async setPassword(token, identityId, password) {
    await db().transaction(async (tx) => {
      await store.setPassword(tx, identityId, password);
      await store.revokeOtherSessions(tx, identityId, token);
    });
    return { ok: true };
  },

  listSessions: (token, identityId, window) => store.listSessions(identityId, token, window),
  revokeSession: (_token, identityId, sessionId) => store.revokeSessionById(identityId, sessionId),
  revokeOtherSessions: (token, identityId) => store.revokeOtherSessions(db(), identityId, token),
  findIdByEmail: (email) => store.findIdentityIdByEmail(db(), email),
  findIdsByEmailPart: (part, limit) => store.findIdentityIdsByEmailPart(db(), part, limit),
  emailsOf: (identityIds) => store.emailsOfIdentities(db(), identityIds),
  emailOf: async (identityId, within = db()) => (await store.findIdentity(within, identityId))?.traits.email ?? null,

  async setName(identityId, name) {
    await store.renameIdentity(db(), identityId, name);
  },

  async replaceEmail(identityId, email, keepToken, then) {
    await db().transaction(async (tx) => {
      await store.replaceAddress(tx, identityId, email);
      await store.revokeOtherSessions(tx, identityId, keepToken);
      await then(tx);
    });
  },

  async delete(identityId, before) {
    await db().transaction(async (tx) => {
      await before(tx);
      await tx.delete(selfServiceCodes).where(eq(selfServiceCodes.identityId, identityId));
      await store.deleteIdentity(tx, identityId);
    });
  },

  find: (identityId, within = db()) =>
    isUuid(identityId) ? store.findIdentity(within, identityId) : Promise.resolve(null),
  countSessions: (identityId) => store.countLiveSessions(identityId),

  endAllSessions(identityId, then) {
    return db().transaction(async (tx) => {
      const ended = await store.revokeOtherSessions(tx, identityId);
      await then(tx);
      return ended;
    });
  },

  setState(identityId, state, then) {
    return db().transaction(async (tx) => {
      if (!(await store.setIdentityState(tx, identityId, state))) return false;
      // The store refuses an inactive identity's sessions already; ended too, so none revives.
      if (state === "inactive") await store.revokeOtherSessions(tx, identityId);
      await then(tx);
      return true;
    });
  },

  startTotpSetup: (_token, identity) => secondFactor.startTotpSetup(identity.id),
  confirmTotpSetup: (token, identityId, flowId, code) => secondFactor.confirmTotpSetup(token, identityId, flowId, code),
  removeSecondFactor: (_token, identityId) => secondFactor.removeSecondFactor(identityId),
  removeSecondFactorAsOperator(identityId, then) {
    return db().transaction(async (tx) => {
      await secondFactor.removeSecondFactor(identityId, tx);
      await store.revokeOtherSessions(tx, identityId);
      await then(tx);
    });
  },
  regenerateRecoveryCodes: (_token, identityId) => secondFactor.regenerateRecoveryCodes(identityId),
  recoveryCodesLeft: (_token, identityId) => secondFactor.recoveryCodesLeft(identityId),
  completeSecondFactor: (token, identityId, code) => secondFactor.completeSecondFactor(token, identityId, code),
};

/** A new verification code (earlier ones stop working) and its email, in the caller's transaction. */
async function mailVerificationCode(
  tx: Parameters<typeof issueCode>[0],
  identity: Identity,
  options: { lang: Parameters<typeof queueIdentityMail>[1]["lang"]; firstname: string },
) {
  const address = identity.verifiable_addresses[0]?.value ?? identity.traits.email;
  const issued = await issueCode(tx, "verification", address, identity.id);
  await queueIdentityMail(tx, {
    kind: "verification",
    to: address,
    code: issued.code,
    flowId: issued.codeId,
    linkSecret: issued.linkToken,
    identityId: identity.id,
    ...options,
  });
  await store.markAddressSent(tx, identity.id);
}
