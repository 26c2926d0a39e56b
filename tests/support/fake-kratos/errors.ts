/** Kratos's `errorGeneric` bodies (herodot errors), as the public and admin APIs send them. */

export type Reply = { status: number; body?: unknown; headers?: Record<string, string> };

const statusText: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  409: "Conflict",
  410: "Gone",
  500: "Internal Server Error",
  502: "Bad Gateway",
  503: "Service Unavailable",
  504: "Gateway Timeout",
};

const defaultMessage: Record<number, string> = {
  400: "The request was malformed or contained invalid parameters",
  401: "The request could not be authorized",
  403: "The requested action was forbidden",
  404: "The requested resource could not be found",
  409: "The resource could not be created due to a conflict",
  410: "The requested resource is no longer available",
  500: "An internal server error occurred, please contact the system administrator",
};

export function errorReply(
  code: number,
  reason: string,
  options: { id?: string; message?: string; extra?: Record<string, unknown> } = {},
): Reply {
  const error: Record<string, unknown> = {
    code,
    status: statusText[code] ?? "Error",
    reason,
    message: options.message ?? defaultMessage[code] ?? "An error occurred",
  };
  if (options.id) error.id = options.id;
  return { status: code, body: { error, ...options.extra } };
}

export const sessionInactive = () =>
  errorReply(401, "No valid session credentials found in the request.", {
    id: "session_inactive",
    message: "request does not have a valid authentication session",
  });

export const notFound = (reason = "The requested resource could not be found") => errorReply(404, reason);
