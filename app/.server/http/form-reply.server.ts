import { data } from "@remix-run/node";
import type { SubmissionResult } from "@conform-to/react";

/** A refused form: conform's reply (values kept, errors by field) with an HTTP status. */
export function refuse(result: SubmissionResult<string[]>, status = 400, headers?: HeadersInit) {
  return data(result, { status, headers });
}

/** A refused code: 429 once the identity (a day) or the client address (an hour) has spent its tries, else 422. */
export function codeRefusalStatus(error: string): number {
  return error === "codeTooManyTries" || error === "codeTooManyTriesFromHere" ? 429 : 422;
}
