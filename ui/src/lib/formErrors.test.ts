import { beforeEach, describe, expect, it } from "vitest";
import { clearFieldError, clearFormErrors, fieldErrorMessage, formErrorsStore, INVALID_VALUE_MESSAGE, setFormErrors } from "./formErrors";

describe("form errors", () => {
  beforeEach(() => clearFormErrors());

  it("reads top-level and nested (dotted) field errors", () => {
    const errors = { email: { code: "validation_is_email", message: "Must be a valid email address." }, logs: { maxDays: { code: "x", message: "Must be no less than 0." } } };
    expect(fieldErrorMessage(errors, "email")).toBe("Must be a valid email address.");
    expect(fieldErrorMessage(errors, "logs.maxDays")).toBe("Must be no less than 0.");
    expect(fieldErrorMessage(errors, "logs.minLevel")).toBe("");
    expect(fieldErrorMessage(errors, "password")).toBe("");
  });

  it("shows 'Invalid value' for an error without text", () => {
    expect(INVALID_VALUE_MESSAGE).toBe("Invalid value");
    expect(fieldErrorMessage({ a: { code: "x" } }, "a")).toBe("Invalid value");
    expect(fieldErrorMessage({ a: { code: "x", message: "" } }, "a")).toBe("Invalid value");
    expect(fieldErrorMessage({ a: true }, "a")).toBe("Invalid value");
    expect(fieldErrorMessage({ a: "plain text" }, "a")).toBe("plain text");
  });

  it("clears one field's error", () => {
    setFormErrors({ email: { message: "bad" }, logs: { maxDays: { message: "x" }, minLevel: { message: "y" } } });
    clearFieldError("email");
    clearFieldError("logs.maxDays");
    const e = formErrorsStore.get();
    expect(fieldErrorMessage(e, "email")).toBe("");
    expect(fieldErrorMessage(e, "logs.maxDays")).toBe("");
    expect(fieldErrorMessage(e, "logs.minLevel")).toBe("y");
  });

  it("clears everything", () => {
    setFormErrors({ email: { message: "bad" } });
    clearFormErrors();
    expect(formErrorsStore.get()).toEqual({});
  });
});
