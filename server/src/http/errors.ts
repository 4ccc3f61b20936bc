// Transitional re-export: the error values live in tools/errors.ts (domain code imports them
// from there); only the HTTP layer should import this module.
export * from "../tools/errors.js";
