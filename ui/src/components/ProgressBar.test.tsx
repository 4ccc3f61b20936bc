import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ProgressBar } from "./ProgressBar";

describe("ProgressBar", () => {
  it("is a labelled progressbar with its value, width and percentage", () => {
    const { container } = render(<ProgressBar label="Upload progress" fraction={0.427} />);
    const bar = screen.getByRole("progressbar", { name: "Upload progress" });
    expect(bar).toHaveAttribute("aria-valuenow", "42");
    expect(bar).toHaveAttribute("aria-valuemin", "0");
    expect(bar).toHaveAttribute("aria-valuemax", "100");
    expect(bar).toHaveAttribute("aria-valuetext", "42%");
    expect(bar.querySelector("span")).toHaveStyle({ width: "42%" });
    expect(container).toHaveTextContent("42%");
  });

  it("shows the given text, and keeps the value within 0..100", () => {
    const { rerender } = render(<ProgressBar label="Backup progress" fraction={1.7} text="Zipping the files 100%" />);
    const bar = screen.getByRole("progressbar", { name: "Backup progress" });
    expect(bar).toHaveAttribute("aria-valuenow", "100");
    expect(bar).toHaveAttribute("aria-valuetext", "Zipping the files 100%");
    rerender(<ProgressBar label="Backup progress" fraction={-0.2} />);
    expect(bar).toHaveAttribute("aria-valuenow", "0");
  });

  it("without a fraction it is indeterminate: no value, a sweeping bar", () => {
    render(<ProgressBar label="Restore progress" fraction={null} text="Checking the archive..." />);
    const bar = screen.getByRole("progressbar", { name: "Restore progress" });
    expect(bar).not.toHaveAttribute("aria-valuenow");
    expect(bar).toHaveClass("progress-bar-indeterminate");
    expect(bar).toHaveAttribute("aria-valuetext", "Checking the archive...");
  });
});
