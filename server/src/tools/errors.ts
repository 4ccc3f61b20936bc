/** A field error as the reference reports it under `data`: `{field: {code, message}}`. */
export interface FieldError {
  code: string;
  message: string;
}
export type FieldErrors = { [field: string]: FieldError | FieldErrors };

/**
 * What went wrong, in domain terms. Only http/ (errorResponse.ts) knows which status and
 * body each kind becomes.
 */
export type ErrorKind = "bad_request" | "validation" | "unauthorized" | "forbidden" | "not_found" | "too_large" | "too_many_requests";

/** A refusal a caller can act on: its kind, the reference's message and its data (field errors, ...). */
export class DomainError extends Error {
  constructor(
    readonly kind: ErrorKind,
    message: string,
    readonly data: Record<string, unknown> = {},
    /** Keys the answer carries beside `{code, message, data}` (PocketBase v0.23's `mfaId`). */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export const badRequest = (message = "Something went wrong while processing your request.", data: Record<string, unknown> = {}) =>
  new DomainError("bad_request", message, data);

export const unauthorized = (message = "The request requires valid authorization token to be set.") => new DomainError("unauthorized", message);

export const forbidden = (message = "You are not allowed to perform this request.") => new DomainError("forbidden", message);

export const notFound = (message = "The requested resource wasn't found.") => new DomainError("not_found", message);

export const tooLarge = (message = "Request entity too large") => new DomainError("too_large", message);

/** A validation failure: the given message and field errors. */
export class ValidationError extends DomainError {
  constructor(message: string, readonly fields: FieldErrors) {
    super("validation", message, fields as Record<string, unknown>);
  }
}

export const fieldError = (code: string, message: string): FieldError => ({ code, message });

/** Common reference validation errors. */
export const FE = {
  required: () => fieldError("validation_required", "Cannot be blank."),
  invalidEmail: () => fieldError("validation_is_email", "Must be a valid email address."),
  length: (min: number, max: number) => fieldError("validation_length_out_of_range", `The length must be between ${min} and ${max}.`),
  tooShort: (min: number) => fieldError("validation_length_too_short", `The length must be no less than ${min}.`),
  tooLong: (max: number) => fieldError("validation_length_too_long", `The length must be no more than ${max}.`),
  mismatch: () => fieldError("validation_values_mismatch", "Values don't match."),
};
