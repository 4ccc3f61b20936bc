import { ApiError } from "../tools/errors.js";

export const TOO_MANY = "Too Many Requests.";

/** Over a rate limit: the limiter's 429, with the seconds until the window resets (`Retry-After`). */
export class TooManyRequests extends ApiError {
  constructor(readonly retryAfter: number) {
    super(429, TOO_MANY);
  }
}
