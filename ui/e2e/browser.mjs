import { execSync } from "node:child_process";
import { chromium } from "playwright-core";

export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** Debian's chromium (never a downloaded browser). */
export function chromiumPath() {
  try {
    return execSync("command -v chromium", { encoding: "utf8", shell: "/bin/sh" }).trim();
  } catch {
    return "";
  }
}

export async function launchBrowser() {
  const executablePath = chromiumPath();
  if (!executablePath) throw new Error("Debian chromium not found: run `apt-get install -y chromium`.");
  return chromium.launch({ executablePath, args: CHROMIUM_ARGS, headless: true });
}
