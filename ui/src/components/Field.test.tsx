import { beforeEach, describe, expect, it } from "vitest";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { Field } from "./Field";
import { clearFormErrors, createFormErrors, FormErrorsContext, setFormErrors } from "../lib/formErrors";

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

  it("reads and clears the errors of its form's own store, apart from the page's and another form's", () => {
    const outer = createFormErrors();
    const inner = createFormErrors();
    render(
      <FormErrorsContext.Provider value={outer}>
        <Field name="id" label="Outer id">
          {(p) => <input {...p} />}
        </Field>
        <FormErrorsContext.Provider value={inner}>
          <Field name="id" label="Inner id">
            {(p) => <input {...p} />}
          </Field>
        </FormErrorsContext.Provider>
      </FormErrorsContext.Provider>,
    );
    act(() => setFormErrors({ id: { code: "x", message: "Must be in a valid format." } }, outer));
    act(() => setFormErrors({ id: { code: "x", message: "Page error." } }));
    expect(screen.getAllByRole("alert").map((a) => a.textContent)).toEqual(["Must be in a valid format."]);
    expect(screen.getByLabelText("Inner id")).not.toHaveAttribute("aria-invalid");

    act(() => setFormErrors({ id: { code: "y", message: "Cannot be blank." } }, inner));
    fireEvent.input(screen.getByLabelText("Inner id"), { target: { value: "a" } });
    // editing the inner form's field clears only the inner error
    expect(screen.getAllByRole("alert").map((a) => a.textContent)).toEqual(["Must be in a valid format."]);
    act(() => clearFormErrors(inner));
    expect(screen.getAllByRole("alert")).toHaveLength(1);
  });
});
