import type { IdentityPort } from "../port.server";
import {
  countIdentitySessions,
  deleteAccount,
  emailOf,
  endIdentitySessions,
  emailsOfIdentities,
  findIdByEmail,
  findIdsByEmailPart,
  findIdentity,
  removeSecondFactorAsOperator,
  setIdentityState,
} from "./admin.server";
import { connectKratos, type KratosOptions } from "./kratos.server";
import { login, reauthenticate } from "./login.server";
import { completeRecovery, recoveryIsOpen, startRecovery } from "./recovery.server";
import { register } from "./registration.server";
import {
  completeSecondFactor,
  confirmTotpSetup,
  recoveryCodesLeft,
  regenerateRecoveryCodes,
  removeSecondFactor,
  startTotpSetup,
} from "./second-factor.server";
import { endOtherSessions, listSessions, logout, revokeSession, whoami } from "./sessions.server";
import { replaceEmail, setName, setPassword } from "./settings.server";
import { sendVerification, verifyWithCode, verifyWithLink } from "./verification.server";

/**
 * The Ory adapter (ORY_SDK_URL set): identities in Ory Kratos / Ory Network, reached through
 * `@ory/client` with native (API) flows and session tokens. shared/ory/ADAPTER-NOTES.md §1 maps
 * each use case to its Kratos calls; each flow has its module beside this one, taking the Kratos
 * client as its first argument.
 *
 * Kratos answers first; what Cap writes alongside runs in a database transaction afterwards, and a
 * registration whose member record fails is undone in Kratos. Kratos limits code tries per flow
 * only: Cap's daily and hourly wrong-code limits (../code-limits) stay in front of every code.
 */
export function createOryIdentity(options: KratosOptions): IdentityPort {
  const kratos = connectKratos(options);
  return {
    kind: "ory",
    register: (input, createMember) => register(kratos, input, createMember),
    login: (email, password, userAgent) => login(kratos, email, password, userAgent),
    whoami: (token) => whoami(kratos, token),
    logout: (token) => logout(kratos, token),
    pageVersions: async () => null,
    startRecovery: (email, options) => startRecovery(kratos, email, options),
    recoveryIsOpen: (flowId) => recoveryIsOpen(kratos, flowId),
    completeRecovery: (flowId, code, password, from) => completeRecovery(kratos, flowId, code, password, from),
    sendVerification: (identity, options) => sendVerification(kratos, identity, options),
    verifyWithCode: (identityId, code, ip, then) => verifyWithCode(kratos, identityId, code, ip, then),
    verifyWithLink: (flowId, secret, _ip, then) => verifyWithLink(kratos, flowId, secret, then),
    reauthenticate: (token, identity, password) => reauthenticate(kratos, token, identity, password),
    setPassword: (token, _identityId, password) => setPassword(kratos, token, password),
    listSessions: (token, _identityId, window) => listSessions(kratos, token, window),
    revokeSession: (token, _identityId, sessionId) => revokeSession(kratos, token, sessionId),
    revokeOtherSessions: (token) => endOtherSessions(kratos, token),
    findIdByEmail: (email) => findIdByEmail(kratos, email),
    findIdsByEmailPart: (part) => findIdsByEmailPart(kratos, part),
    emailsOf: (identityIds) => emailsOfIdentities(kratos, identityIds),
    emailOf: (identityId) => emailOf(kratos, identityId),
    setName: (identityId, name) => setName(kratos, identityId, name),
    replaceEmail: (identityId, email, keepToken, then) => replaceEmail(kratos, identityId, email, keepToken, then),
    delete: (identityId, before) => deleteAccount(kratos, identityId, before),
    find: (identityId) => findIdentity(kratos, identityId),
    countSessions: (identityId) => countIdentitySessions(kratos, identityId),
    endAllSessions: (identityId, then) => endIdentitySessions(kratos, identityId, then),
    setState: (identityId, state, then) => setIdentityState(kratos, identityId, state, then),
    startTotpSetup: (token, identity) => startTotpSetup(kratos, token, identity),
    confirmTotpSetup: (token, identityId, flowId, code) => confirmTotpSetup(kratos, token, identityId, flowId, code),
    removeSecondFactor: (token, identityId) => removeSecondFactor(kratos, token, identityId),
    removeSecondFactorAsOperator: (identityId, then) => removeSecondFactorAsOperator(kratos, identityId, then),
    regenerateRecoveryCodes: (token, identityId) => regenerateRecoveryCodes(kratos, token, identityId),
    recoveryCodesLeft: (token, identityId) => recoveryCodesLeft(kratos, token, identityId),
    completeSecondFactor: (token, identityId, code) => completeSecondFactor(kratos, token, identityId, code),
  };
}
