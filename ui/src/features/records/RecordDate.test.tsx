import { describe, expect, it } from "vitest";
import { fireEvent, render, screen } from "@testing-library/react";
import { RecordDate, formatRecordDate } from "./RecordDate";

describe("record date cell", () => {
  it("shows the UTC date over its time and puts the local time in the tooltip once pointed at", () => {
    const { container } = render(<RecordDate value="2026-03-04 05:06:07.089Z" />);
    const cell = container.querySelector<HTMLElement>(".record-date")!;
    expect(cell.textContent).toBe(`${formatRecordDate("2026-03-04 05:06:07.089Z")} UTC`);
    expect(cell.textContent).toBe("2026-03-04 05:06:07.089 UTC");
    // the time on a line of its own (records.css): a narrow column, as PocketBase's
    expect(cell.querySelector(".record-date-time")?.textContent).toBe("05:06:07.089 UTC");
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
