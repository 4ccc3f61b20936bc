// The tests start real peers from Debian packages: Chromium (browser tests), PostgreSQL 15 or later
// (throwaway clusters; Debian keeps initdb out of PATH) and HAProxy (the multi-node test). Install
// the missing ones on a fresh machine when we can (root + apt).
import { execSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";

const onPath = (cmd) => {
  try {
    return execSync(`command -v ${cmd}`, { shell: "/bin/sh", encoding: "utf8" }).trim() !== "";
  } catch {
    return false;
  }
};
const hasPostgres = () => onPath("initdb") || (existsSync("/usr/lib/postgresql") && readdirSync("/usr/lib/postgresql").some((v) => Number(v) >= 15 && existsSync(`/usr/lib/postgresql/${v}/bin/initdb`)));

const missing = [
  ...(onPath("chromium") ? [] : ["chromium"]),
  ...(hasPostgres() ? [] : ["postgresql"]),
  ...(onPath("haproxy") ? [] : ["haproxy"]),
];

if (missing.length) {
  if (process.getuid?.() === 0) {
    console.log(`${missing.join(", ")} not found: installing with apt-get (the tests start them)...`);
    execSync(`apt-get update && apt-get install -y ${missing.join(" ")}`, { stdio: "inherit", shell: "/bin/sh" });
  } else {
    console.error(`The tests need ${missing.join(", ")}: run \`sudo apt-get install -y ${missing.join(" ")}\` (Debian/Ubuntu) and retry.`);
    process.exit(1);
  }
}
