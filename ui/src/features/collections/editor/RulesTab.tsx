import { lazy, Suspense, useId, useMemo, useRef, useState } from "react";
import type { RuleName } from "../../../data/collections/types";
import { clearFieldError, useFieldError } from "../../../lib/formErrors";
import { CIcon } from "../icons";
import { useEditor } from "./editorContext";
import { type CollectionForm } from "./editorModel";
import { ruleCompletions } from "./ruleCompletions";
import { CodeFallback } from "../../../components/CodeFallback";

const CodeEditor = lazy(() => import("./CodeEditor"));

export const UNLOCK_RULE = "Unlock and set custom rule";
export const LOCK_RULE = "Set Admins only";
export const RULE_PLACEHOLDER = "Leave empty to grant everyone access...";

type RuleKey = RuleName | "manageRule";

const RULE_LABELS: Record<RuleKey, string> = {
  listRule: "List/Search rule",
  viewRule: "View rule",
  createRule: "Create rule",
  updateRule: "Update rule",
  deleteRule: "Delete rule",
  manageRule: "Manage rule",
};

function readRule(form: CollectionForm, key: RuleKey): string | null {
  if (key === "manageRule") return (form.options.manageRule as string | null | undefined) ?? null;
  return form[key];
}

function writeRule(form: CollectionForm, key: RuleKey, value: string | null): CollectionForm {
  if (key === "manageRule") return { ...form, options: { ...form.options, manageRule: value } };
  return { ...form, [key]: value };
}

function RuleField({ ruleKey, completions, hint, memory }: { ruleKey: RuleKey; completions: string[]; hint?: string; memory: React.MutableRefObject<Partial<Record<RuleKey, string>>> }) {
  const { form, update } = useEditor();
  const id = useId();
  const errorName = ruleKey === "manageRule" ? "options.manageRule" : ruleKey;
  const error = useFieldError(errorName);
  const value = readRule(form, ruleKey);
  const locked = value === null;
  const label = RULE_LABELS[ruleKey];
  const [focusEditor, setFocusEditor] = useState(false);

  const set = (v: string | null) => {
    clearFieldError(errorName);
    update((f) => writeRule(f, ruleKey, v));
  };

  return (
    <div className={`rule-field${locked ? " locked" : ""}${error ? " field-error" : ""}`} data-testid={`rule-${ruleKey}`}>
      <div className="rule-field-header">
        <label htmlFor={`${id}-input`} id={`${id}-label`} className="rule-field-label">
          {locked ? <CIcon name="lock" size={14} /> : null}
          {label}
          {locked ? <span className="chip">Admins only</span> : value === "" ? <span className="chip chip-success">Everyone</span> : null}
        </label>
        {locked ? (
          <button
            type="button"
            className="btn btn-xs btn-transparent"
            aria-label={`${UNLOCK_RULE}: ${label}`}
            onClick={() => {
              set(memory.current[ruleKey] ?? "");
              setFocusEditor(true);
            }}
          >
            <CIcon name="unlock" size={14} /> {UNLOCK_RULE}
          </button>
        ) : (
          <button
            type="button"
            className="btn btn-xs btn-transparent"
            aria-label={`${LOCK_RULE}: ${label}`}
            onClick={() => {
              memory.current[ruleKey] = value ?? "";
              set(null);
            }}
          >
            <CIcon name="lock" size={14} /> {LOCK_RULE}
          </button>
        )}
      </div>
      {locked ? (
        <div className="rule-locked txt-hint" id={`${id}-input`}>
          Only admins can perform this action. Unlock to set a custom rule.
        </div>
      ) : (
        <Suspense fallback={<CodeFallback id={`${id}-input`} rows={1} value={value ?? ""} onChange={(e) => set(e.target.value)} placeholder={RULE_PLACEHOLDER} />}>
          <CodeEditor
            id={`${id}-input`}
            language="filter"
            label={label}
            value={value ?? ""}
            placeholder={RULE_PLACEHOLDER}
            completions={completions}
            invalid={!!error}
            describedBy={[error ? `${id}-error` : "", hint ? `${id}-hint` : ""].filter(Boolean).join(" ") || undefined}
            autoFocus={focusEditor}
            onChange={(v) => set(v)}
          />
        </Suspense>
      )}
      {error ? (
        <div id={`${id}-error`} className="field-error-message" role="alert">
          {error}
        </div>
      ) : null}
      {hint ? (
        <div id={`${id}-hint`} className="field-hint">
          {hint}
        </div>
      ) : null}
    </div>
  );
}

/** The API Rules tab: list/search, view, create, update, delete (not for views) and, for auth, the manage rule. */
export function RulesTab() {
  const { form, collections } = useEditor();
  const memory = useRef<Partial<Record<RuleKey, string>>>({});
  const [showFields, setShowFields] = useState(false);
  const completions = useMemo(() => ruleCompletions({ name: form.name, type: form.type, schema: form.schema.filter((f) => !f.toDelete) }, collections), [form.name, form.type, form.schema, collections]);
  const ownFields = completions.filter((k) => !k.startsWith("@") && !k.includes("."));
  return (
    <div className="rules-tab">
      <div className="rules-intro">
        <p className="txt-hint">
          Rules use the filter syntax and decide who may call each API action. <strong>Locked</strong> (admins only) is the default; an <strong>empty</strong> rule grants everyone access.
        </p>
        <button type="button" className="btn btn-sm btn-transparent" aria-expanded={showFields} aria-controls="rules-fields-help" onClick={() => setShowFields((v) => !v)}>
          {showFields ? "Hide available fields" : "Show available fields"}
          <CIcon name="chevronDown" size={14} />
        </button>
        {showFields ? (
          <div id="rules-fields-help" className="rules-help">
            <p>
              <strong>This collection:</strong> {ownFields.map((k) => <code key={k}>{k}</code>)}
            </p>
            <p>
              <strong>The request:</strong> <code>@request.context</code> <code>@request.method</code> <code>@request.headers.*</code> <code>@request.query.*</code> <code>@request.data.*</code> <code>@request.auth.*</code>
            </p>
            <p>
              <strong>Other collections:</strong> <code>@collection.&lt;name&gt;.&lt;field&gt;</code>
            </p>
            <p className="txt-hint">
              Examples: <code>@request.auth.id != ""</code>, <code>status = "published"</code>, <code>@request.auth.id = author.id</code>. Type to autocomplete.
            </p>
          </div>
        ) : null}
      </div>
      <RuleField ruleKey="listRule" completions={completions} memory={memory} />
      <RuleField ruleKey="viewRule" completions={completions} memory={memory} />
      {form.type !== "view" ? (
        <>
          <RuleField
            ruleKey="createRule"
            completions={completions}
            memory={memory}
            hint="The create rule is checked after a dry save of the submitted data, so it can refer to the new record's fields."
          />
          <RuleField ruleKey="updateRule" completions={completions} memory={memory} />
          <RuleField ruleKey="deleteRule" completions={completions} memory={memory} />
        </>
      ) : (
        <p className="txt-hint txt-sm">View collections are read-only: they have no create, update or delete rules.</p>
      )}
      {form.type === "auth" ? (
        <section className="rules-extra" aria-labelledby="auth-rules-title">
          <h3 id="auth-rules-title" className="section-title">
            Additional auth collection rules
          </h3>
          <RuleField
            ruleKey="manageRule"
            completions={completions}
            memory={memory}
            hint="Grants admin-like rights over records of this collection: changing a password without the old one, setting verified or the email directly. It runs in addition to the create and update rules."
          />
        </section>
      ) : null}
    </div>
  );
}
