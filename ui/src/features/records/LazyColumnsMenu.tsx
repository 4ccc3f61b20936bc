import { useState } from "react";
import { lazyWithPreload, useLoaded } from "../../lib/lazyWithPreload";
import { CIcon } from "../collections/icons";
import type { ColumnsMenuProps } from "./ColumnsMenu";

/**
 * The columns menu's Radix code in a chunk of its own, loaded when the records list mounts: the
 * sign-in page prefetches the records list once idle, and Radix would put that prefetch over its budget.
 */
const ColumnsMenuCode = lazyWithPreload(() => import("./ColumnsMenu").then((m) => ({ default: m.ColumnsMenu })));

/** Until the code is there, the same button; pressed then, the menu opens once it has loaded. */
export function ColumnsMenu(props: Omit<ColumnsMenuProps, "initialOpen">) {
  const [wanted, setWanted] = useState(false);
  const loaded = useLoaded(ColumnsMenuCode);
  if (loaded) return <ColumnsMenuCode {...props} initialOpen={wanted} />;
  return (
    <div className="columns-menu">
      <button type="button" className="btn-icon btn-sm" aria-label="Toggle columns" aria-expanded={false} onClick={() => setWanted(true)}>
        <CIcon name="sliders" size={16} />
      </button>
    </div>
  );
}
