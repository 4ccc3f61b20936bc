// Browser tests drive Debian's Chromium; install it on a fresh machine when we can (root + apt).
import { execSync } from "node:child_process";

const has = () => {
  try {
    return execSync("command -v chromium", { shell: "/bin/sh", encoding: "utf8" }).trim() !== "";
  } catch {
    return false;
  }
};

if (!has()) {
  if (process.getuid?.() === 0) {
    console.log("chromium not found: installing it with apt-get (browser tests need it)...");
    execSync("apt-get update && apt-get install -y chromium", { stdio: "inherit", shell: "/bin/sh" });
  } else {
    console.error("Browser tests need Chromium: run `sudo apt-get install -y chromium` (Debian/Ubuntu) and retry.");
    process.exit(1);
  }
}
