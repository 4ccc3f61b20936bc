import { describe, expect, it } from "vitest";
import { addressWithoutInstaller, hasInstallerFlag } from "./session";

function fakeWindow(href: string): Window {
  const u = new URL(href);
  return { location: { search: u.search, hash: u.hash, pathname: u.pathname } } as unknown as Window;
}

describe("installer flag", () => {
  it("is read from the page query or the hash query", () => {
    expect(hasInstallerFlag(fakeWindow("http://h/_/?installer#"))).toBe(true);
    expect(hasInstallerFlag(fakeWindow("http://h/_/#/?installer"))).toBe(true);
    expect(hasInstallerFlag(fakeWindow("http://h/_/#/login"))).toBe(false);
  });

  it("is removed (other parameters kept) for the reload after install", () => {
    expect(addressWithoutInstaller(fakeWindow("http://h/_/?installer#"))).toBe("/_/#/");
    expect(addressWithoutInstaller(fakeWindow("http://h/_/?installer=&api=http%3A%2F%2Fx#/"))).toBe("/_/?api=http%3A%2F%2Fx#/");
  });
});
