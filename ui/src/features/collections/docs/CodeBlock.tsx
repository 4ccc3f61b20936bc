import { CopyButton } from "../../../components/CopyButton";

/** A code sample with its Copy button. */
export function CodeBlock({ code, label }: { code: string; label: string }) {
  return (
    <div className="docs-code">
      <div className="docs-code-copy">
        <CopyButton value={code} label={`Copy ${label}`} />
      </div>
      <pre tabIndex={0} aria-label={label}>
        <code>{code}</code>
      </pre>
    </div>
  );
}
