import { afterEach, describe, expect, it } from "vitest";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { clearFormErrors, setFormErrors } from "../../../lib/formErrors";
import { resetOverlayStack } from "../../../components/overlayStack";
import { EditorContext } from "./editorContext";
import { toForm } from "./editorModel";
import { IndexesSection } from "./IndexesSection";

describe("indexes list", () => {
  afterEach(() => {
    clearFormErrors();
    resetOverlayStack();
  });

  it("counts the indexes and marks one with a server error (red label, message in a tooltip)", () => {
    const form = { ...toForm(null), name: "posts", indexes: ["CREATE UNIQUE INDEX `idx_a` ON `posts` (`slug`)", "CREATE INDEX `idx_b` ON `posts` (`missing`)"] };
    render(
      <EditorContext.Provider value={{ form, update: () => {}, collections: [] }}>
        <IndexesSection />
      </EditorContext.Provider>,
    );
    expect(screen.getByRole("heading", { name: "Unique constraints and indexes (2)" })).toBeInTheDocument();
    act(() => setFormErrors({ indexes: { 1: { code: "validation_invalid_index_expression", message: "no such column: missing" } } }));
    const bad = screen.getByRole("button", { name: /Edit index idx_b \(error: no such column: missing\)/ });
    expect(bad).toHaveClass("error");
    fireEvent.mouseEnter(bad);
    expect(screen.getByRole("tooltip")).toHaveTextContent("no such column: missing");
    expect(screen.getByRole("button", { name: "Edit index idx_a" })).toHaveTextContent("Unique:slug");
  });
});
