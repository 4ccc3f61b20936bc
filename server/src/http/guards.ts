import type { FastifyRequest } from "fastify";
import type { AdminModel } from "../models/admin.js";
import { unauthorized } from "./errors.js";

export function requireAdmin(req: FastifyRequest): AdminModel {
  if (!req.auth.admin) throw unauthorized("The request requires valid admin authorization token to be set.");
  return req.auth.admin;
}
