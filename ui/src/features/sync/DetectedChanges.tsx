import type { ImportChanges } from "./importModel";

function Item({ kind, name, id, oldName }: { kind: "Deleted" | "Changed" | "Added"; name: string; id: string; oldName?: string }) {
  return (
    <li className="changes-item">
      <span className={`label diff-label diff-label-${kind.toLowerCase()}`}>{kind}</span>
      <strong className="changes-name">{oldName && oldName !== name ? `${oldName} → ${name}` : name}</strong>
      <code className="txt-hint changes-id">{id}</code>
    </li>
  );
}

/** The "Detected changes" list: deleted, changed and added collections with their ids. */
export function DetectedChanges({ changes }: { changes: ImportChanges }) {
  return (
    <section className="import-changes" aria-labelledby="import-changes-title">
      <h2 id="import-changes-title" className="sync-section-title">
        Detected changes
      </h2>
      <ul className="changes-list">
        {changes.deleted.map((c) => (
          <Item key={`d-${c.id}`} kind="Deleted" name={c.name} id={c.id} />
        ))}
        {changes.changed.map((p) => (
          <Item key={`c-${p.new.id}`} kind="Changed" name={p.new.name} oldName={p.old.name} id={p.new.id} />
        ))}
        {changes.added.map((c) => (
          <Item key={`a-${c.id}`} kind="Added" name={c.name} id={c.id} />
        ))}
      </ul>
    </section>
  );
}
