import { describe, expect, it } from "vitest";
import { render, screen } from "@testing-library/react";
import { DataValue, unableToLoadLog } from "./LogDetailPanel";
import type { LogEntry } from "./logTypes";

const requestLog: LogEntry = { id: "l1", created: "2024-01-01 00:00:00.000Z", level: 8, message: "", data: { type: "request" } };

describe("log detail values", () => {
  it("shows N/A for empty values", () => {
    render(
      <>
        <DataValue name="referer" value="" log={requestLog} />
        <DataValue name="x" value={null} log={requestLog} />
        <DataValue name="y" value={{}} log={requestLog} />
      </>,
    );
    expect(screen.getAllByText("N/A")).toHaveLength(3);
  });

  it("adds ms to execTime of request logs only", () => {
    const { rerender } = render(<DataValue name="execTime" value={1.5} log={requestLog} />);
    expect(screen.getByText("1.5 ms")).toBeInTheDocument();
    rerender(<DataValue name="execTime" value={1.5} log={{ ...requestLog, data: {} }} />);
    expect(screen.getByText("1.5")).toBeInTheDocument();
  });

  it("shows error as a red label", () => {
    render(<DataValue name="error" value="Not Found." log={requestLog} />);
    expect(screen.getByText("Not Found.")).toHaveClass("label", "label-danger");
  });

  it("shows details as sanitized HTML", () => {
    const { container } = render(<DataValue name="details" value={'<b>bold</b><img src=x onerror="alert(1)"><script>alert(2)</script>'} log={requestLog} />);
    expect(screen.getByText("bold").tagName).toBe("B");
    expect(container.querySelector("script")).toBeNull();
    expect(container.querySelector("img")?.getAttribute("onerror")).toBeNull();
  });

  it("shows objects as formatted JSON", () => {
    const { container } = render(<DataValue name="meta" value={{ a: 1, b: [true] }} log={requestLog} />);
    expect(container.querySelector("pre")?.textContent).toBe(JSON.stringify({ a: 1, b: [true] }, null, 2));
  });

  it("words the load failure", () => {
    expect(unableToLoadLog("abc")).toBe('Unable to load log with id "abc"');
  });
});
