import { describe, expect, it } from "vitest";
import { fireEvent, render, screen } from "@testing-library/react";
import { RecordDate, formatRecordDate } from "./RecordDate";

describe("record date cell", () => {
  it("shows the UTC time and puts the local time in the tooltip once pointed at", () => {
    render(<RecordDate value="2026-03-04 05:06:07.089Z" />);
    const cell = screen.getByText(formatRecordDate("2026-03-04 05:06:07.089Z"), { exact: false });
    expect(cell.textContent).toBe("2026-03-04 05:06:07.089 UTC");
    expect(cell.title).toBe("");
    fireEvent.pointerEnter(cell);
    const local = new Date(Date.UTC(2026, 2, 4, 5, 6, 7, 89)).toLocaleString();
    expect(cell.title).toBe(`${local} (local)`);
  });

  it("shows N/A without a value", () => {
    render(<RecordDate value="" />);
    expect(screen.getByText("N/A")).toBeInTheDocument();
  });
});
