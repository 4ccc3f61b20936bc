import { describe, expect, it, vi } from "vitest";
import { fireEvent, render, screen } from "@testing-library/react";
import { TableStateRow } from "./TableStateRow";

const inTable = (row: React.ReactNode) => (
  <table>
    <tbody>{row}</tbody>
  </table>
);

describe("TableStateRow", () => {
  it("spins while loading an empty list, across the given columns", () => {
    render(inTable(<TableStateRow rows={0} loading colSpan={4} loadingLabel="Loading logs..." emptyText="No logs found." />));
    const cell = screen.getByRole("cell");
    expect(cell).toHaveAttribute("colspan", "4");
    expect(cell).toHaveClass("table-state");
    expect(cell).toHaveTextContent("Loading logs...");
    expect(screen.queryByText("No logs found.")).toBeNull();
  });

  it("shows the empty text, with Clear filters only when a filter is on", () => {
    const clear = vi.fn();
    const { rerender } = render(inTable(<TableStateRow rows={0} loading={false} colSpan={3} loadingLabel="Loading..." emptyText="No records found." />));
    expect(screen.getByText("No records found.")).toHaveClass("txt-hint");
    expect(screen.queryByRole("button", { name: "Clear filters" })).toBeNull();
    rerender(inTable(<TableStateRow rows={0} loading={false} colSpan={3} loadingLabel="Loading..." emptyText="No records found." onClearFilter={clear} />));
    fireEvent.click(screen.getByRole("button", { name: "Clear filters" }));
    expect(clear).toHaveBeenCalledOnce();
  });

  it("renders nothing when the list has rows", () => {
    render(inTable(<TableStateRow rows={2} loading colSpan={3} loadingLabel="Loading..." emptyText="No records found." />));
    expect(screen.queryByRole("row")).toBeNull();
  });
});

describe("TableStateRow in a table built from roles", () => {
  it("is a row with one cell holding the state", () => {
    render(
      <div role="table" aria-label="Records">
        <div role="rowgroup">
          <TableStateRow element="div" rows={0} loading={false} loadingLabel="Loading..." emptyText="No records found." />
        </div>
      </div>,
    );
    const cell = screen.getByRole("cell");
    expect(screen.getByRole("row")).toContainElement(cell);
    expect(cell).toHaveClass("table-state");
    expect(cell).not.toHaveAttribute("colspan");
    expect(cell).toHaveTextContent("No records found.");
  });
});
