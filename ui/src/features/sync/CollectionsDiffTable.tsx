import { Fragment } from "react";
import { diffValue, type CollectionDiff, type DiffRow, type DiffStatus } from "./importModel";

const LABELS: Record<Exclude<DiffStatus, "unchanged">, string> = { added: "Added", deleted: "Deleted", changed: "Changed" };

function StatusLabel({ status }: { status: DiffStatus }) {
  if (status === "unchanged") return null;
  return <span className={`label diff-label diff-label-${status}`}>{LABELS[status]}</span>;
}

function Row({ row, indent }: { row: DiffRow; indent?: boolean }) {
  const cls = row.changed ? "diff-row-changed" : undefined;
  return (
    <tr className={cls}>
      <th scope="row" className={indent ? "diff-prop diff-prop-field" : "diff-prop"}>
        {row.prop}
      </th>
      <td className={`diff-value${row.changed && row.old !== undefined ? " diff-old" : ""}`}>{diffValue(row.old)}</td>
      <td className={`diff-value${row.changed && row.new !== undefined ? " diff-new" : ""}`}>{diffValue(row.new)}</td>
    </tr>
  );
}

/** One collection's props (and its changed fields' props) as Props / Old / New. */
export function CollectionsDiffTable({ diff }: { diff: CollectionDiff }) {
  const title = diff.oldName ? `${diff.oldName} → ${diff.name}` : diff.name;
  const fields = diff.fields.filter((f) => f.status !== "unchanged");
  return (
    <section className="diff-collection" aria-label={`${LABELS[diff.status as keyof typeof LABELS] ?? ""} ${title}`.trim()}>
      <h3 className="diff-collection-title">
        <StatusLabel status={diff.status} />
        <strong>{title}</strong>
        <code className="txt-hint">{diff.id}</code>
      </h3>
      {/* Focusable so the (possibly scrolling) tables are reachable by keyboard. */}
      <div className="table-wrapper" tabIndex={0} aria-label={`Props of ${title}`} role="group">
        <table className="table diff-table">
          <thead>
            <tr>
              <th scope="col">Props</th>
              <th scope="col">Old</th>
              <th scope="col">New</th>
            </tr>
          </thead>
          <tbody>
            {diff.props.map((r) => (
              <Row key={r.prop} row={r} />
            ))}
            {fields.map((f) => (
              <Fragment key={f.id}>
                <tr className="diff-field-head">
                  <th scope="rowgroup" colSpan={3}>
                    <span>schema field</span> <strong>{f.name}</strong> <StatusLabel status={f.status} />
                  </th>
                </tr>
                {f.rows.map((r) => (
                  <Row key={`${f.id}-${r.prop}`} row={r} indent />
                ))}
              </Fragment>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
