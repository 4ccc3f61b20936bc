import "./transfer.css";
import { Suspense, useState } from "react";
import { Icon } from "../../../components/Icon";
import { Tooltip } from "../../../components/Tooltip";
import type { Collection } from "../../../data/collections/types";
import { lazyWithPreload, useLoaded } from "../../../lib/lazyWithPreload";

// The popups, their CSV code and the data calls load on first use, never with the page.
const RecordsExportPopup = lazyWithPreload(() => import("./RecordsExportPopup"));
const RecordsImportPanel = lazyWithPreload(() => import("./RecordsImportPanel"));

type Which = "export" | "import";

/** The records list header's Export and Import buttons (Import not for views) and their popups. */
export function RecordsTransferButtons({ collection, search, sort }: { collection: Collection; search: string; sort: string }) {
  // Each popup stays mounted once opened (closing fades it out); a new session starts it afresh.
  const [shown, setShown] = useState<{ which: Which | null; export: number; import: number }>({ which: null, export: 0, import: 0 });
  const exportLoaded = useLoaded(RecordsExportPopup, shown.export > 0);
  const importLoaded = useLoaded(RecordsImportPanel, shown.import > 0);
  const open = (which: Which) => setShown((s) => ({ ...s, which, [which]: s[which] + 1 }));
  const close = () => setShown((s) => ({ ...s, which: null }));
  return (
    <>
      {/* In a narrow window (transfer.css) each shows its icon only: the label stays its name and its tooltip. */}
      <Tooltip text="Export records" position="bottom">
        <button type="button" className="btn btn-secondary records-transfer-btn" aria-label="Export" onClick={() => open("export")} onMouseEnter={() => void RecordsExportPopup.preload()}>
          <Icon name="download" size={16} /> <span className="records-transfer-label">Export</span>
        </button>
      </Tooltip>
      {collection.type !== "view" ? (
        <Tooltip text="Import records" position="bottom">
          <button type="button" className="btn btn-secondary records-transfer-btn" aria-label="Import" onClick={() => open("import")} onMouseEnter={() => void RecordsImportPanel.preload()}>
            <Icon name="upload" size={16} /> <span className="records-transfer-label">Import</span>
          </button>
        </Tooltip>
      ) : null}
      <Suspense fallback={null}>
        {shown.export > 0 && exportLoaded ? <RecordsExportPopup key={`e${shown.export}`} open={shown.which === "export"} onClose={close} collection={collection} search={search} sort={sort} /> : null}
        {shown.import > 0 && importLoaded ? <RecordsImportPanel key={`i${shown.import}`} open={shown.which === "import"} onClose={close} collection={collection} /> : null}
      </Suspense>
    </>
  );
}
