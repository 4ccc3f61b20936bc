import type { AdminModel } from "../models/admin.js";
import type { AuthRecord } from "../records/auth.js";

/** Who is making the request, resolved once from the Authorization header. */
export interface AuthState {
  admin: AdminModel | null;
  /** A signed-in auth record (with its collection). */
  record: AuthRecord | null;
}

declare module "fastify" {
  interface FastifyRequest {
    auth: AuthState;
    /** The error that produced the response, for the request log. */
    apiError?: Error;
  }
}
