import { describe, expect, it } from "vitest";
import { render, screen } from "@testing-library/react";
import { appInfoStore } from "../../lib/appInfo";
import { settingsGroups, SettingsSidebar } from "./SettingsSidebar";

describe("settings sidebar", () => {
  it("lists every settings route of the spec and the Sync group while not restricted", () => {
    const paths = settingsGroups(false).flatMap((g) => g.links.map((l) => l.to));
    expect(paths).toEqual([
      "/settings",
      "/settings/mail",
      "/settings/storage",
      "/settings/backups",
      "/settings/auth-providers",
      "/settings/tokens",
      "/settings/admins",
      "/settings/export-collections",
      "/settings/import-collections",
    ]);
  });
  it("hides the Sync links when the restricted-app flag is on", () => {
    expect(settingsGroups(true).map((g) => g.title)).toEqual(["System"]);
    appInfoStore.set({ appName: "", hideControls: true });
    render(<SettingsSidebar path="/settings/mail" />);
    expect(screen.queryByRole("link", { name: "Export collections" })).toBeNull();
    expect(screen.getByRole("link", { name: "Mail settings" }).getAttribute("aria-current")).toBe("page");
    expect(screen.getByRole("link", { name: "Application" }).getAttribute("aria-current")).toBeNull();
    appInfoStore.set({ appName: "", hideControls: false });
  });
});
