import { DomainError } from "../tools/errors.js";

export const TOO_MANY = "Too Many Requests.";

/** Over a rate limit, with the seconds until the window resets (`Retry-After`). */
export class TooManyRequests extends DomainError {
  constructor(readonly retryAfter: number) {
    super("too_many_requests", TOO_MANY);
  }
}
