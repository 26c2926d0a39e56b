import { data } from "@remix-run/node";
import type { SubmissionResult } from "@conform-to/react";

/** A refused form: conform's reply (values kept, errors by field) with an HTTP status. */
export function refuse(result: SubmissionResult<string[]>, status = 400, headers?: HeadersInit) {
  return data(result, { status, headers });
}

/** A refused code: 429 once the identity has spent its tries for the day, else 422. */
export function codeRefusalStatus(error: string): number {
  return error === "codeTooManyTries" ? 429 : 422;
}
