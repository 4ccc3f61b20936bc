import type { FastifyRequest } from "fastify";
import type { AdminModel } from "../admins/model.js";
import { unauthorized } from "../tools/errors.js";

export function requireAdmin(req: FastifyRequest): AdminModel {
  if (!req.auth.admin) throw unauthorized("The request requires valid admin authorization token to be set.");
  return req.auth.admin;
}
