import { HookStop } from "../records/writeHooks.js";

/**
 * What a hook threw, as the answer PocketBase gives for it: an `ApiError` (or one of its
 * subclasses) with its status, message and data; anything else as the reference answers a plain
 * error (`status` given by the hooks service).
 */
export class HookError extends HookStop {
  constructor(
    readonly status: number,
    message: string,
    readonly data: Record<string, unknown> = {},
  ) {
    super(message);
  }
}
