import { useEffect, useState, type InputHTMLAttributes } from "react";
import type { FieldControlProps } from "../../../components/Field";

type Base = Omit<InputHTMLAttributes<HTMLInputElement>, "value" | "onChange" | "type">;

/** A number input over number | null ("" is null). */
export function NumberInput({ value, onValue, ...rest }: Base & Partial<FieldControlProps> & { value: unknown; onValue: (v: number | null) => void }) {
  const shown = value === null || value === undefined || value === "" ? "" : String(value);
  const [text, setText] = useState(shown);
  useEffect(() => {
    setText((t) => (t.trim() === "" && shown === "" ? t : Number(t) === Number(shown) && t.trim() !== "" ? t : shown));
  }, [shown]);
  return (
    <input
      {...rest}
      type="number"
      value={text}
      onChange={(e) => {
        const raw = e.target.value;
        setText(raw);
        if (raw.trim() === "") onValue(null);
        else if (Number.isFinite(Number(raw))) onValue(Number(raw));
      }}
    />
  );
}

/** Splits a comma separated text into trimmed, non-empty items. */
export function splitList(text: string): string[] {
  return text
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
}

/** A comma separated list input over string[] | null; the text is kept while typing. */
export function ListInput({ value, onValue, nullWhenEmpty, ...rest }: Base & Partial<FieldControlProps> & { value: unknown; onValue: (v: string[] | null) => void; nullWhenEmpty?: boolean }) {
  const list = Array.isArray(value) ? (value as string[]) : [];
  const joined = list.join(", ");
  const [text, setText] = useState(joined);
  useEffect(() => {
    setText((t) => (splitList(t).join(", ") === joined ? t : joined));
  }, [joined]);
  return (
    <input
      {...rest}
      type="text"
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        const items = splitList(e.target.value);
        onValue(items.length || !nullWhenEmpty ? items : null);
      }}
      onBlur={(e) => {
        setText(joined);
        rest.onBlur?.(e);
      }}
    />
  );
}

/** "2024-01-02 03:04:05.000Z" <-> the value of an <input type="datetime-local" step="1"> (both UTC). */
export function dateToInput(v: unknown): string {
  if (typeof v !== "string" || !v) return "";
  return v.replace(" ", "T").replace(/(\.\d+)?Z$/, "").slice(0, 19);
}

export function inputToDate(v: string): string {
  if (!v) return "";
  const base = v.length === 16 ? v + ":00" : v.slice(0, 19);
  return base.replace("T", " ") + ".000Z";
}
