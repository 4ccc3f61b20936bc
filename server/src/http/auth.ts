import type { App } from "../app.js";
import { peekToken } from "../auth/tokens.js";
import type { AuthState } from "./context.js";

/** Reads the Authorization header ("TOKEN" or "Bearer TOKEN") into the request's auth state. */
export async function resolveAuth(app: App, header: string | undefined): Promise<AuthState> {
  const state: AuthState = { admin: null, record: null };
  if (!header) return state;
  const token = header.startsWith("Bearer ") ? header.slice(7).trim() : header.trim();
  if (!token) return state;
  const type = peekToken(token)?.type;
  if (type === "admin") state.admin = await app.admins.fromAuthToken(token);
  else if (type === "authRecord") state.record = await app.recordAuth.fromAuthToken(token);
  return state;
}
