import { beforeEach, describe, expect, it } from "vitest";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { Field } from "./Field";
import { clearFormErrors, setFormErrors } from "../lib/formErrors";

describe("Field", () => {
  beforeEach(() => clearFormErrors());

  it("shows a server error under the matching field and clears it when edited", () => {
    render(
      <Field name="logs.maxDays" label="Max days retention">
        {(p) => <input {...p} defaultValue="1" />}
      </Field>,
    );
    act(() => setFormErrors({ logs: { maxDays: { code: "x", message: "Must be no less than 0." } } }));
    const input = screen.getByLabelText("Max days retention");
    expect(screen.getByRole("alert")).toHaveTextContent("Must be no less than 0.");
    expect(input).toHaveAttribute("aria-invalid", "true");
    expect(input.getAttribute("aria-describedby")).toBe(screen.getByRole("alert").id);
    fireEvent.input(input, { target: { value: "2" } });
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("reads 'Invalid value' when the error has no text", () => {
    render(
      <Field name="email" label="Email">
        {(p) => <input {...p} />}
      </Field>,
    );
    act(() => setFormErrors({ email: { code: "validation_invalid" } }));
    expect(screen.getByRole("alert")).toHaveTextContent("Invalid value");
  });

  it("shows a client-side error and the hint", () => {
    render(
      <Field name="password" label="Password" hint="Minimum 10 characters." error="Cannot be blank.">
        {(p) => <input {...p} />}
      </Field>,
    );
    expect(screen.getByText("Minimum 10 characters.")).toBeInTheDocument();
    expect(screen.getByRole("alert")).toHaveTextContent("Cannot be blank.");
  });
});
