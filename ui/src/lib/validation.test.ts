import { describe, expect, it } from "vitest";
import {
  MIN_ADMIN_PASSWORD_LENGTH,
  PASSWORD_HINT,
  validateFirstAdmin,
  validateLogsSettings,
  validateNewPassword,
  validateResetRequest,
  validateSignIn,
  VALIDATION_MESSAGES,
} from "./validation";

describe("validation messages", () => {
  it("are worded as documented", () => {
    expect(VALIDATION_MESSAGES.required).toBe("Cannot be blank.");
    expect(VALIDATION_MESSAGES.email).toBe("Must be a valid email address.");
    expect(VALIDATION_MESSAGES.minLength(10)).toBe("Must be at least 10 characters.");
    expect(VALIDATION_MESSAGES.mismatch).toBe("Values don't match.");
    expect(VALIDATION_MESSAGES.number).toBe("Must be a number.");
    expect(VALIDATION_MESSAGES.integer).toBe("Must be a whole number.");
    expect(VALIDATION_MESSAGES.range(-100, 100)).toBe("Must be between -100 and 100.");
    expect(VALIDATION_MESSAGES.min(0)).toBe("Must be no less than 0.");
    expect(PASSWORD_HINT).toBe("Minimum 10 characters.");
    expect(MIN_ADMIN_PASSWORD_LENGTH).toBe(10);
  });
});

describe("first-admin form", () => {
  it("requires every field", () => {
    expect(validateFirstAdmin({ email: "", password: "", passwordConfirm: "" })).toEqual({
      email: "Cannot be blank.",
      password: "Cannot be blank.",
      passwordConfirm: "Cannot be blank.",
    });
  });

  it("checks the email type and the 10 character minimum", () => {
    expect(validateFirstAdmin({ email: "nope", password: "short", passwordConfirm: "short" })).toEqual({
      email: "Must be a valid email address.",
      password: "Must be at least 10 characters.",
      passwordConfirm: "Must be at least 10 characters.",
    });
  });

  it("checks the confirmation matches", () => {
    expect(validateFirstAdmin({ email: "a@b.co", password: "1234567890", passwordConfirm: "0987654321" }).passwordConfirm).toBe("Values don't match.");
  });

  it("accepts a valid form", () => {
    const r = validateFirstAdmin({ email: "a@b.co", password: "1234567890", passwordConfirm: "1234567890" });
    expect(Object.values(r).filter(Boolean)).toEqual([]);
  });
});

describe("sign-in form", () => {
  it("requires both fields", () => {
    expect(validateSignIn({ identity: "", password: "" })).toEqual({ identity: "Cannot be blank.", password: "Cannot be blank." });
    expect(validateSignIn({ identity: "a@b.co", password: "x" })).toEqual({ identity: "", password: "" });
  });
});

describe("password reset forms", () => {
  it("request needs a valid email", () => {
    expect(validateResetRequest({ email: "" }).email).toBe("Cannot be blank.");
    expect(validateResetRequest({ email: "x@" }).email).toBe("Must be a valid email address.");
    expect(validateResetRequest({ email: "x@y.z" }).email).toBe("");
  });

  it("confirm needs equal passwords (admins: at least 10)", () => {
    expect(validateNewPassword({ password: "", passwordConfirm: "" })).toEqual({ password: "Cannot be blank.", passwordConfirm: "Cannot be blank." });
    expect(validateNewPassword({ password: "abc", passwordConfirm: "abd" }).passwordConfirm).toBe("Values don't match.");
    expect(validateNewPassword({ password: "abc", passwordConfirm: "abc" }, 10).password).toBe("Must be at least 10 characters.");
  });
});

describe("logs settings form", () => {
  it("requires numeric max days (0 allowed) and min level within -100..100", () => {
    expect(validateLogsSettings({ maxDays: "", minLevel: "" })).toEqual({ "logs.maxDays": "Cannot be blank.", "logs.minLevel": "Cannot be blank." });
    expect(validateLogsSettings({ maxDays: "abc", minLevel: "x" })).toEqual({ "logs.maxDays": "Must be a number.", "logs.minLevel": "Must be a number." });
    expect(validateLogsSettings({ maxDays: "-1", minLevel: "101" })).toEqual({ "logs.maxDays": "Must be no less than 0.", "logs.minLevel": "Must be between -100 and 100." });
    expect(validateLogsSettings({ maxDays: "1.5", minLevel: "-100" })["logs.maxDays"]).toBe("Must be a whole number.");
    expect(validateLogsSettings({ maxDays: "0", minLevel: "-100" })).toEqual({ "logs.maxDays": "", "logs.minLevel": "" });
    expect(validateLogsSettings({ maxDays: 7, minLevel: 100 })).toEqual({ "logs.maxDays": "", "logs.minLevel": "" });
  });
});
