import { describe, expect, it } from "vitest";
import { adminForm, adminPayload, adminsFilter, canSaveAdmin, hasAdminChanges, nextSort, readSort, validateAdmin } from "./adminsModel";

const admin = { id: "a1", email: "a@example.com", avatar: 3 };

describe("admins list state", () => {
  it("searches plain text over id, email, created and updated; filters pass through", () => {
    expect(adminsFilter("bob")).toBe('id~"bob" || email~"bob" || created~"bob" || updated~"bob"');
    expect(adminsFilter('email = "x"')).toBe('email = "x"');
    expect(adminsFilter("  ")).toBe("");
  });
  it("sorts ascending then descending and reads only known columns", () => {
    expect(nextSort("-created", "email")).toBe("email");
    expect(nextSort("email", "email")).toBe("-email");
    expect(nextSort("-email", "email")).toBe("email");
    expect(readSort(null)).toBe("-created");
    expect(readSort("-updated")).toBe("-updated");
    expect(readSort("password")).toBe("-created");
  });
});

describe("admin panel", () => {
  it("enables Save for a new email, a changed email or avatar, or a password change", () => {
    expect(canSaveAdmin(null, adminForm(null))).toBe(false);
    expect(canSaveAdmin(null, { ...adminForm(null), email: "x@y.z" })).toBe(true);
    expect(canSaveAdmin(admin, adminForm(admin))).toBe(false);
    expect(canSaveAdmin(admin, { ...adminForm(admin), avatar: 4 })).toBe(true);
    expect(canSaveAdmin(admin, { ...adminForm(admin), email: "b@example.com" })).toBe(true);
    expect(canSaveAdmin(admin, { ...adminForm(admin), changePassword: true })).toBe(true);
    expect(hasAdminChanges(admin, adminForm(admin))).toBe(false);
    expect(hasAdminChanges(null, { ...adminForm(null), avatar: 2 })).toBe(true);
  });
  it("validates every message", () => {
    expect(validateAdmin(true, adminForm(null))).toEqual({ email: "Cannot be blank.", password: "Cannot be blank.", passwordConfirm: "Cannot be blank." });
    expect(validateAdmin(true, { ...adminForm(null), email: "bad", password: "short", passwordConfirm: "short" })).toEqual({
      email: "Must be a valid email address.",
      password: "Must be at least 10 characters.",
      passwordConfirm: "Must be at least 10 characters.",
    });
    expect(validateAdmin(true, { ...adminForm(null), email: "a@b.co", password: "long-enough-1", passwordConfirm: "long-enough-2" })).toEqual({ passwordConfirm: "Values don't match." });
    expect(validateAdmin(false, adminForm(admin))).toEqual({});
  });
  it("sends the password only when creating or changing it", () => {
    expect(adminPayload(false, { ...adminForm(admin), password: "x", passwordConfirm: "x" })).toEqual({ email: "a@example.com", avatar: 3 });
    expect(adminPayload(false, { ...adminForm(admin), changePassword: true, password: "p", passwordConfirm: "p" })).toEqual({ email: "a@example.com", avatar: 3, password: "p", passwordConfirm: "p" });
  });
});
