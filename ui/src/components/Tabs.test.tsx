import { describe, expect, it } from "vitest";
import { useState } from "react";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { TabList, TabPanel, Tabs } from "./Tabs";

type T = "a" | "b" | "c";

function Harness({ orientation, bare }: { orientation?: "horizontal" | "vertical"; bare?: boolean }) {
  const [tab, setTab] = useState<T>("a");
  return (
    <Tabs value={tab} onChange={setTab} orientation={orientation}>
      <TabList
        label="Sections"
        tabs={[
          { value: "a", label: "Alpha" },
          { value: "b", label: "Beta", className: "has-error" },
          { value: "c", label: "Gamma" },
        ]}
      />
      <TabPanel className="tab-panel" bare={bare}>
        <p>content {tab}</p>
      </TabPanel>
    </Tabs>
  );
}

describe("Tabs", () => {
  it("links the tabs and the one panel, marks the selected tab active, and selects on click", async () => {
    render(<Harness />);
    const list = screen.getByRole("tablist", { name: "Sections" });
    expect(list).toHaveClass("tabs");
    const alpha = screen.getByRole("tab", { name: "Alpha" });
    const beta = screen.getByRole("tab", { name: "Beta" });
    expect(alpha).toHaveClass("tab", "active");
    expect(alpha).toHaveAttribute("aria-selected", "true");
    expect(beta).toHaveClass("tab", "has-error");
    expect(beta).not.toHaveClass("active");
    const panel = screen.getByRole("tabpanel");
    expect(panel).toHaveAttribute("aria-labelledby", alpha.id);
    expect(alpha).toHaveAttribute("aria-controls", panel.id);
    // the panel is no tab stop of its own
    expect(panel).not.toHaveAttribute("tabindex");
    expect(panel).toHaveTextContent("content a");

    await userEvent.click(beta);
    expect(beta).toHaveClass("active");
    expect(alpha).not.toHaveClass("active");
    expect(screen.getByRole("tabpanel")).toHaveTextContent("content b");
    expect(screen.getByRole("tabpanel")).toHaveAttribute("aria-labelledby", beta.id);
  });

  it("moves and selects with the arrow keys, wrapping around, and keeps one tab stop", async () => {
    render(<Harness />);
    const alpha = screen.getByRole("tab", { name: "Alpha" });
    await userEvent.tab();
    expect(alpha).toHaveFocus();
    expect(screen.getByRole("tab", { name: "Beta" })).toHaveAttribute("tabindex", "-1");
    await userEvent.keyboard("{ArrowLeft}");
    expect(screen.getByRole("tab", { name: "Gamma" })).toHaveFocus();
    expect(screen.getByRole("tabpanel")).toHaveTextContent("content c");
    await userEvent.keyboard("{ArrowRight}");
    expect(alpha).toHaveFocus();
    expect(screen.getByRole("tabpanel")).toHaveTextContent("content a");
    await userEvent.keyboard("{End}");
    expect(screen.getByRole("tabpanel")).toHaveTextContent("content c");
  });

  it("uses up and down when vertical", async () => {
    render(<Harness orientation="vertical" />);
    expect(screen.getByRole("tablist")).toHaveAttribute("aria-orientation", "vertical");
    await userEvent.tab();
    await userEvent.keyboard("{ArrowDown}");
    expect(screen.getByRole("tab", { name: "Beta" })).toHaveFocus();
    expect(screen.getByRole("tabpanel")).toHaveTextContent("content b");
    await userEvent.keyboard("{ArrowRight}");
    expect(screen.getByRole("tab", { name: "Beta" })).toHaveFocus();
  });

  it("a bare panel has no tab semantics", () => {
    render(<Harness bare />);
    expect(screen.queryByRole("tabpanel")).toBeNull();
    expect(screen.getByText("content a").parentElement).not.toHaveAttribute("aria-labelledby");
  });
});
