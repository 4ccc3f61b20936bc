import "./docs.css";
import { lazy, Suspense, useEffect, useMemo, useState } from "react";
import { OverlayPanel, useOverlayClose } from "../../../components/OverlayPanel";
import { Spinner } from "../../../components/Spinner";
import { TabList, TabPanel, Tabs } from "../../../components/Tabs";
import type { Collection } from "../../../data/collections/types";
import { client } from "../../../lib/client";
import { downloadOpenApi, useOpenApiAvailable } from "../../../data/openapi/openApiDocument";
import { handleError } from "../../../lib/errors";
import { CollectionTypeIcon } from "../icons";
import { CodeBlock } from "./CodeBlock";
import { cairnDocsTabs, DOCS_TAB_LABELS, docsTabs, json, type DocParam, type DocSpec, type DocsTabId } from "./docsModel";
import { TAB_LOADERS } from "./tabLoaders";
import { BusyButton } from "../../../components/BusyButton";

function ParamsTable({ title, params }: { title: string; params: DocParam[] }) {
  if (!params.length) return null;
  return (
    <section className="docs-section">
      <h4 className="docs-section-title">{title}</h4>
      <div className="table-wrapper">
        <table className="table docs-params">
          <thead>
            <tr>
              <th scope="col">Param</th>
              <th scope="col">Type</th>
              <th scope="col">Description</th>
            </tr>
          </thead>
          <tbody>
            {params.map((p) => (
              <tr key={p.name}>
                <td>
                  <code>{p.name}</code>
                  {p.required ? <span className="chip chip-danger docs-required">Required</span> : <span className="chip docs-optional">Optional</span>}
                </td>
                <td>
                  <span className="txt-mono txt-sm">{p.type}</span>
                </td>
                <td className="txt-sm">{p.description}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function Switcher<T extends string | number>({ label, options, value, onChange, render }: { label: string; options: T[]; value: T; onChange: (v: T) => void; render: (v: T) => string }) {
  return (
    <div className="docs-switcher" role="group" aria-label={label}>
      {options.map((o) => (
        <button key={String(o)} type="button" className={`docs-switch${o === value ? " active" : ""}`} aria-pressed={o === value} onClick={() => onChange(o)}>
          {render(o)}
        </button>
      ))}
    </div>
  );
}

/** One tab's documentation: endpoint, access, SDK examples, parameters and example responses. */
export function DocsContent({ spec }: { spec: DocSpec }) {
  const [lang, setLang] = useState<"js" | "dart">("js");
  const [status, setStatus] = useState(spec.responses[0]?.status ?? 200);
  const response = spec.responses.find((r) => r.status === status) ?? spec.responses[0];
  return (
    <article className="docs-content" aria-labelledby="docs-title">
      <h3 id="docs-title" className="docs-title">
        {spec.title}
      </h3>
      <p>{spec.description}</p>
      <div className="docs-endpoint">
        <span className={`docs-method docs-method-${spec.method.toLowerCase()}`}>{spec.method}</span>
        <code className="docs-path">{spec.path}</code>
      </div>
      <p className="docs-access txt-sm">
        <strong>Access:</strong> {spec.access}
      </p>
      {spec.notes?.map((n) => (
        <p key={n} className="txt-hint txt-sm">
          {n}
        </p>
      ))}
      <section className="docs-section">
        <div className="docs-section-head">
          <h4 className="docs-section-title">SDK example</h4>
          <Switcher label="SDK language" options={["js", "dart"] as ("js" | "dart")[]} value={lang} onChange={setLang} render={(v) => (v === "js" ? "JavaScript" : "Dart")} />
        </div>
        <CodeBlock code={lang === "js" ? spec.js : spec.dart} label={lang === "js" ? "JavaScript example" : "Dart example"} />
      </section>
      <ParamsTable title="Path parameters" params={spec.pathParams ?? []} />
      {spec.bodyParams?.length ? (
        <>
          <ParamsTable title="Body parameters" params={spec.bodyParams} />
          {spec.bodyNote ? <p className="txt-hint txt-sm docs-body-note">{spec.bodyNote}</p> : null}
        </>
      ) : null}
      <ParamsTable title="Query parameters" params={spec.queryParams ?? []} />
      <section className="docs-section">
        <div className="docs-section-head">
          <h4 className="docs-section-title">Responses</h4>
          <Switcher label="Response status" options={spec.responses.map((r) => r.status)} value={status} onChange={setStatus} render={(v) => String(v)} />
        </div>
        {response ? <CodeBlock code={response.body === null ? "null" : json(response.body)} label={`Example ${response.status} response`} /> : null}
      </section>
    </article>
  );
}

const TypeScriptTypes = lazy(() => import("./TypeScriptTypes"));

/** Beyond PocketBase v0.22: shown only when the server serves GET /api/openapi.json. */
const TYPESCRIPT_TAB = "typescript" as const;
type PanelTab = DocsTabId | typeof TYPESCRIPT_TAB;
const tabLabel = (t: PanelTab) => (t === TYPESCRIPT_TAB ? "TypeScript" : DOCS_TAB_LABELS[t]);

function Footer({ openApi }: { openApi: boolean }) {
  const close = useOverlayClose();
  const [busy, setBusy] = useState(false);
  return (
    <>
      {openApi ? (
        <BusyButton
          className="btn btn-secondary docs-openapi"
          busy={busy}
          onClick={() => {
            setBusy(true);
            downloadOpenApi()
              .catch((err) => handleError(err))
              .finally(() => setBusy(false));
          }}
        >
          Download OpenAPI
        </BusyButton>
      ) : null}
      <button type="button" className="btn btn-transparent" onClick={close}>
        Close
      </button>
    </>
  );
}

/** The API docs panel of a collection; each tab is loaded when first shown. */
export default function ApiDocsPanel({ open, collection, collections = [], onClose }: { open: boolean; collection: Collection; collections?: Collection[]; onClose: () => void }) {
  const openApi = useOpenApiAvailable(open);
  // Cairn's own endpoints and the TypeScript tab only where the server has them (it serves the OpenAPI document).
  const tabs = useMemo<PanelTab[]>(() => [...docsTabs(collection), ...(openApi ? [...cairnDocsTabs(collection), TYPESCRIPT_TAB] : [])], [collection, openApi]);
  const [tab, setTab] = useState<PanelTab>(tabs[0]);
  const [specs, setSpecs] = useState<Partial<Record<DocsTabId, DocSpec>>>({});
  const active = tabs.includes(tab) ? tab : tabs[0];

  useEffect(() => {
    if (active === TYPESCRIPT_TAB) return;
    let cancelled = false;
    void TAB_LOADERS[active]().then((m) => {
      if (cancelled) return;
      setSpecs((s) => ({ ...s, [active]: m.default(collection, { baseUrl: client.baseUrl || window.location.origin, collections }) }));
    });
    return () => {
      cancelled = true;
    };
  }, [active, collection, collections]);

  const spec = active === TYPESCRIPT_TAB ? undefined : specs[active];
  const loader = (
    <div className="panel-loader">
      <Spinner label="Loading..." />
    </div>
  );

  return (
    <OverlayPanel
      open={open}
      onClose={onClose}
      size="lg"
      className="docs-panel"
      title={
        <span className="docs-panel-title">
          API Preview <span className="docs-panel-collection"><CollectionTypeIcon type={collection.type} size={16} /> {collection.name}</span>
        </span>
      }
      footer={<Footer openApi={openApi} />}
    >
      <Tabs value={active} onChange={setTab} orientation="vertical">
        <div className="docs-layout">
          <TabList label="API actions" className="docs-tabs" tabClassName="docs-tab" tabs={tabs.map((t) => ({ value: t, label: tabLabel(t) }))} />
          <TabPanel className="docs-panel-body">
            {active === TYPESCRIPT_TAB ? (
              <Suspense fallback={loader}>
                <TypeScriptTypes collection={collection} />
              </Suspense>
            ) : spec ? (
              <DocsContent key={active} spec={spec} />
            ) : (
              loader
            )}
          </TabPanel>
        </div>
      </Tabs>
    </OverlayPanel>
  );
}
