/** A field error as the reference reports it under `data`: `{field: {code, message}}`. */
export interface FieldError {
  code: string;
  message: string;
}
export type FieldErrors = { [field: string]: FieldError | FieldErrors };

/** An error that becomes the reference's `{code, message, data}` envelope. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly data: Record<string, unknown> = {},
  ) {
    super(message);
  }

  toJSON() {
    return { code: this.status, message: this.message, data: this.data };
  }
}

export const badRequest = (message = "Something went wrong while processing your request.", data: Record<string, unknown> = {}) =>
  new ApiError(400, message, data);

export const unauthorized = (message = "The request requires valid authorization token to be set.") => new ApiError(401, message);

export const forbidden = (message = "You are not allowed to perform this request.") => new ApiError(403, message);

export const notFound = (message = "The requested resource wasn't found.") => new ApiError(404, message);

/** A validation failure: 400 with the given message and field errors. */
export class ValidationError extends ApiError {
  constructor(message: string, readonly fields: FieldErrors) {
    super(400, message, fields as Record<string, unknown>);
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
