import { SYSTEM_CALLER } from "../auth/caller.js";
import type { App } from "../app.js";
import { isEmail } from "../tools/validate.js";

/** The CLI's minimum (the reference's CLI accepts 8, while its API asks for 10). */
const CLI_MIN_PASSWORD = 8;

/** `admin create|update|delete|totp-reset`, with the reference CLI's messages. Returns the exit code. */
export async function adminCommand(app: App, args: string[], out: (s: string) => void): Promise<number> {
  const [sub, email, password] = args;
  switch (sub) {
    case "create": {
      if (!email || !password) return fail(out, "Missing email and password arguments.");
      if (!isEmail(email)) return fail(out, "Missing or invalid email address.");
      if (password.length < CLI_MIN_PASSWORD) return fail(out, `The password must be at least ${CLI_MIN_PASSWORD} chars long.`);
      // The reference prints SQLite's constraint text here; say what happened and what to do instead.
      if (await app.admins.findByEmail(email)) return fail(out, `An admin with the email ${email} already exists (to change its password: cairn admin update ${email} NEWPASSWORD).`);
      await app.admins.insertNew(email, password);
      out(`Successfully created new admin ${email}!`);
      return 0;
    }
    case "update": {
      if (!email || !password) return fail(out, "Missing email and password arguments.");
      if (!isEmail(email)) return fail(out, "Missing or invalid email address.");
      if (password.length < CLI_MIN_PASSWORD) return fail(out, `The new password must be at least ${CLI_MIN_PASSWORD} chars long.`);
      const admin = await app.admins.findByEmail(email);
      if (!admin) return fail(out, `Admin with email ${email} doesn't exist.`);
      await app.admins.setPassword(admin, password);
      out(`Successfully changed admin ${email} password!`);
      return 0;
    }
    case "delete": {
      if (!email || !isEmail(email)) return fail(out, "Invalid or missing email address.");
      const admin = await app.admins.findByEmail(email);
      if (!admin) {
        out(`Admin ${email} is already deleted.`);
        return 0;
      }
      if ((await app.admins.count()) <= 1) return fail(out, `Failed to delete admin ${email}: you cannot delete the only existing admin`);
      await app.admins.delete(SYSTEM_CALLER, admin.id);
      out(`Successfully deleted admin ${email}!`);
      return 0;
    }
    case "totp-reset": {
      // A locked-out admin (lost authenticator and recovery codes): the password alone signs in again.
      if (!email || !isEmail(email)) return fail(out, "Invalid or missing email address.");
      const removed = await app.adminTotp.reset(email);
      if (removed === null) return fail(out, `Admin with email ${email} doesn't exist.`);
      out(removed ? `Successfully removed the authenticator app of admin ${email}!` : `Admin ${email} has no authenticator app.`);
      return 0;
    }
    default:
      out(ADMIN_HELP);
      return sub ? 1 : 0;
  }
}

function fail(out: (s: string) => void, message: string): number {
  out(`Error: ${message}`);
  return 1;
}

export const ADMIN_HELP = `Manages admin accounts

Usage:
  cairn admin [command]

Available Commands:
  create      Creates a new admin account (cairn admin create EMAIL PASSWORD)
  delete      Deletes an existing admin account (cairn admin delete EMAIL)
  update      Changes the password of a single admin account (cairn admin update EMAIL PASSWORD)
  totp-reset  Removes an admin's authenticator app, for an admin locked out of it (cairn admin totp-reset EMAIL)

Flags:
      --dir string   the data directory (default "cairn_data")
      --db URL       the PostgreSQL database (default: the CAIRN_DATABASE_URL variable)`;
