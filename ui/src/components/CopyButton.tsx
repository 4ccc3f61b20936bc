import { useEffect, useRef, useState } from "react";
import { copyText } from "../lib/clipboard";
import { Icon } from "./Icon";
import { Tooltip } from "./Tooltip";

/** How long the success check shows after copying. */
export const COPY_SUCCESS_MS = 500;

export function CopyButton({ value, label = "Copy" }: { value: string; label?: string }) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current);
  }, []);
  return (
    <Tooltip text="Copy">
      <button
        type="button"
        className={`btn-icon btn-xs copy-btn${copied ? " copied" : ""}`}
        aria-label={copied ? "Copied" : label}
        onClick={async (e) => {
          e.stopPropagation();
          if (!(await copyText(value))) return;
          setCopied(true);
          if (timer.current) clearTimeout(timer.current);
          timer.current = setTimeout(() => setCopied(false), COPY_SUCCESS_MS);
        }}
      >
        <Icon name={copied ? "check" : "copy"} size={14} />
      </button>
    </Tooltip>
  );
}
