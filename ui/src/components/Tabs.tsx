import * as RadixTabs from "@radix-ui/react-tabs";
import { createContext, useContext, type ReactNode } from "react";

export interface TabItem<T extends string> {
  value: T;
  label: ReactNode;
  /** Extra class of this tab's button (an error marker). */
  className?: string;
}

/** The selected value, for the buttons' `active` class (the existing CSS keys on it, not on data-state). */
const SelectedContext = createContext<string>("");

export interface TabsProps<T extends string> {
  value: T;
  onChange: (value: T) => void;
  orientation?: "horizontal" | "vertical";
  children: ReactNode;
}

/**
 * Tabs on Radix: arrow keys (up/down when vertical), Home and End move between the tabs and
 * select the one focused; the selected value stays with the caller.
 */
export function Tabs<T extends string>({ value, onChange, orientation = "horizontal", children }: TabsProps<T>) {
  return (
    <SelectedContext.Provider value={value}>
      <RadixTabs.Root value={value} onValueChange={(v) => onChange(v as T)} orientation={orientation} className="tabs-root">
        {children}
      </RadixTabs.Root>
    </SelectedContext.Provider>
  );
}

export interface TabListProps<T extends string> {
  label: string;
  tabs: TabItem<T>[];
  /** The list's class and its buttons' (`active` is added to the selected one). */
  className?: string;
  tabClassName?: string;
}

export function TabList<T extends string>({ label, tabs, className = "tabs", tabClassName = "tab" }: TabListProps<T>) {
  return (
    <RadixTabs.List aria-label={label} className={className}>
      {tabs.map((t) => (
        <TabButton key={t.value} item={t} className={tabClassName} />
      ))}
    </RadixTabs.List>
  );
}

function TabButton<T extends string>({ item, className }: { item: TabItem<T>; className: string }) {
  const active = useContext(SelectedContext) === item.value;
  return (
    <RadixTabs.Trigger value={item.value} className={[className, item.className, active ? "active" : ""].filter(Boolean).join(" ")}>
      {item.label}
    </RadixTabs.Trigger>
  );
}

/** One panel for whichever tab is selected. */
export interface TabPanelProps {
  className?: string;
  /** Without tab semantics (its tabs are hidden), keeping the same element so the content does not remount. */
  bare?: boolean;
  children: ReactNode;
}

export function TabPanel({ className, bare, children }: TabPanelProps) {
  const value = useContext(SelectedContext);
  // Not a tab stop of its own (Radix's default): the panels so far never were one.
  const plain = bare ? { role: undefined, "aria-labelledby": undefined } : {};
  return (
    <RadixTabs.Content value={value} className={className} tabIndex={undefined} {...plain}>
      {children}
    </RadixTabs.Content>
  );
}
