import type { ImportFile, ImportTarget } from "./importModel";
import { PREVIEW_ROWS, rowBody } from "./importModel";

export interface ImportMappingProps {
  file: ImportFile;
  targets: readonly ImportTarget[];
  mapping: Record<string, string>;
  disabled: boolean;
  onChange: (mapping: Record<string, string>) => void;
}

const shown = (v: unknown) => (v === undefined ? "" : typeof v === "string" ? v : JSON.stringify(v));

/** The column -> field choices, then the first rows as they will be sent. */
export function ImportMapping({ file, targets, mapping, disabled, onChange }: ImportMappingProps) {
  const used = new Set(Object.values(mapping).filter(Boolean));
  const fields = file.columns.map((c) => mapping[c]).filter(Boolean);
  const preview = file.rows.slice(0, PREVIEW_ROWS).map((r) => rowBody(r, mapping, targets, file.kind));
  return (
    <>
      <div className="table-wrapper records-import-mapping">
        <table className="table">
          <caption className="visually-hidden">Column to field mapping</caption>
          <thead>
            <tr>
              <th scope="col">Column in the file</th>
              <th scope="col">Field</th>
            </tr>
          </thead>
          <tbody>
            {file.columns.map((col) => (
              <tr key={col}>
                <td className="txt-mono">{col}</td>
                <td>
                  <select className="control control-sm" aria-label={`Field for column ${col}`} value={mapping[col] ?? ""} disabled={disabled} onChange={(e) => onChange({ ...mapping, [col]: e.target.value })}>
                    <option value="">Not imported</option>
                    {targets.map((t) => (
                      <option key={t.name} value={t.name} disabled={used.has(t.name) && mapping[col] !== t.name}>
                        {t.name}
                      </option>
                    ))}
                  </select>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {fields.length ? (
        <div className="table-wrapper records-import-preview" tabIndex={0} role="region" aria-label={`Preview of the first ${preview.length} rows`}>
          <table className="table">
            <thead>
              <tr>
                <th scope="col">Row</th>
                {fields.map((f) => (
                  <th key={f} scope="col">
                    {f}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {preview.map((body, i) => (
                <tr key={i}>
                  <td>{i + 1}</td>
                  {fields.map((f) => (
                    <td key={f}>{shown(body[f])}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </>
  );
}
