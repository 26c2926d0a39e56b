import { randomBytes } from "node:crypto";
import { hash, verify } from "@node-rs/argon2";

/**
 * argon2id at OWASP's recommended minimum (19 MiB, 2 iterations, 1 lane). The parameters are in
 * the stored hash, so raising them later still verifies old hashes.
 */
// algorithm 2 is Argon2id (a const enum in @node-rs/argon2, which isolatedModules cannot read).
const ARGON2 = { algorithm: 2 as const, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2);
}

export function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  return verify(storedHash, password).catch(() => false);
}

/** A hash of a valid password, so an unknown email costs the same time as a wrong password. */
let decoyHash: Promise<string> | undefined;
export function decoyPasswordHash(): Promise<string> {
  decoyHash ??= hashPassword(randomBytes(16).toString("hex"));
  return decoyHash;
}
