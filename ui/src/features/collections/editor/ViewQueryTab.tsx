import { lazy, Suspense, useId } from "react";
import { clearFieldError, formErrorsStore } from "../../../lib/formErrors";
import { useStore } from "../../../lib/store";
import { useHealth } from "../../../data/system/health";
import { useEditor } from "./editorContext";
import { viewQueryErrors } from "./viewQuery";
import { CodeFallback } from "../../../components/CodeFallback";

const CodeEditor = lazy(() => import("./CodeEditor"));

export const VIEW_QUERY_HINTS = [
  "Wildcard columns (*) are not supported.",
  "The query must return a unique id column; without one, alias one, e.g. (ROW_NUMBER() OVER()) as id.",
  "Expressions must be aliased with a valid field name, e.g. MAX(total) as maxTotal.",
] as const;

/** Shown first when the server runs on PostgreSQL (its health check says so). */
export const POSTGRES_VIEW_HINT = 'This server runs on PostgreSQL: the query is PostgreSQL SQL; double-quote mixed-case names, e.g. "createdBy".';

/** The Query tab of view collections: the SELECT statement, its rules and the server's errors. */
export function ViewQueryTab() {
  const { form, update } = useEditor();
  const errors = useStore(formErrorsStore);
  const id = useId();
  const query = String(form.options.query ?? "");
  const list = viewQueryErrors(errors, query);
  const engine = useHealth().data?.data.database === "postgres" ? "postgres" : "sqlite";
  const hints = engine === "postgres" ? [POSTGRES_VIEW_HINT, ...VIEW_QUERY_HINTS] : VIEW_QUERY_HINTS;
  return (
    <div className="view-query-tab">
      <div className={`field${list.length ? " field-error" : ""}`}>
        <label htmlFor={`${id}-query`} className="label-required">
          Select query
        </label>
        <Suspense fallback={<CodeFallback id={`${id}-query`} rows={6} value={query} onChange={(e) => update((f) => ({ ...f, options: { ...f.options, query: e.target.value } }))} />}>
          <CodeEditor
            id={`${id}-query`}
            language="sql"
            sqlDialect={engine}
            label="Select query"
            value={query}
            placeholder="SELECT id, name FROM users"
            invalid={list.length > 0}
            describedBy={`${id}-hints${list.length ? ` ${id}-errors` : ""}`}
            onChange={(v) => {
              clearFieldError("options.query");
              if (formErrorsStore.get().schema) {
                const { schema: _drop, ...rest } = formErrorsStore.get();
                formErrorsStore.set(rest);
              }
              update((f) => ({ ...f, options: { ...f.options, query: v } }));
            }}
          />
        </Suspense>
        {list.length ? (
          <ul id={`${id}-errors`} className="view-query-errors field-error-message" role="alert">
            {list.map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
        ) : null}
      </div>
      <ul id={`${id}-hints`} className="view-query-hints txt-hint txt-sm">
        {hints.map((h) => (
          <li key={h}>{h}</li>
        ))}
      </ul>
    </div>
  );
}
