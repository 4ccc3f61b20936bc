import type { AdminModel } from "../models/admin.js";

/** Who is making the request, resolved once from the Authorization header. */
export interface AuthState {
  admin: AdminModel | null;
  /** An auth record (the record model lands with collections). */
  record: Record<string, unknown> | null;
}

declare module "fastify" {
  interface FastifyRequest {
    auth: AuthState;
    /** The error that produced the response, for the request log. */
    apiError?: Error;
  }
}
