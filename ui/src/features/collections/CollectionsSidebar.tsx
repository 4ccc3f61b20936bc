import { useEffect, useMemo, useState } from "react";
import type { Collection } from "../../data/collections/types";
import { Spinner } from "../../components/Spinner";
import { Tooltip } from "../../components/Tooltip";
import { CIcon, CollectionTypeIcon } from "./icons";
import { dropStalePinned, filterCollections, groupPinned, isCompact, readPinned, togglePinned, writePinned } from "./sidebarModel";
import { collectionHref } from "./pageState";
import { SIDEBAR_WIDTH, useSidebarWidth } from "./useSidebarWidth";

export const SIDEBAR_SEARCH_PLACEHOLDER = "Search collections...";
export const NO_COLLECTIONS_FOUND = "No collections found.";

/** Pinned collection ids in local storage; ids that no longer match a collection are dropped once the list is known. */
export function usePinnedCollections(collections: Collection[] | undefined) {
  const [pinned, setPinned] = useState<string[]>(readPinned);
  useEffect(() => {
    if (!collections) return;
    setPinned((ids) => {
      const next = dropStalePinned(ids, collections);
      if (next !== ids) writePinned(next);
      return next;
    });
  }, [collections]);
  const toggle = (id: string) =>
    setPinned((ids) => {
      const next = togglePinned(ids, id);
      writePinned(next);
      return next;
    });
  return { pinned, toggle };
}

function Entry({ c, active, pinned, onTogglePin }: { c: Collection; active: boolean; pinned: boolean; onTogglePin: () => void }) {
  const label = `${pinned ? "Unpin" : "Pin"} collection ${c.name}`;
  return (
    <li className={`sidebar-entry${active ? " active" : ""}`}>
      <a href={`#${collectionHref(c.id)}`} className="sidebar-entry-link" aria-current={active ? "page" : undefined} title={c.name}>
        <CollectionTypeIcon type={c.type} size={16} />
        <span className="sidebar-entry-name">{c.name}</span>
      </a>
      <Tooltip text={pinned ? "Unpin" : "Pin"} position="right">
        <button type="button" className={`btn-icon btn-xs pin-btn${pinned ? " pinned" : ""}`} aria-label={label} aria-pressed={pinned} onClick={onTogglePin}>
          <CIcon name="pin" size={14} />
        </button>
      </Tooltip>
    </li>
  );
}

export interface CollectionsSidebarProps {
  /** Sorted collections (undefined while loading). */
  collections: Collection[] | undefined;
  activeId: string | undefined;
  hideControls: boolean;
  onNew: () => void;
  onNewIntent?: () => void;
}

/** Search, pinned/others groups, compact mode above 20 matches, and the New collection button. */
export function CollectionsSidebar({ collections, activeId, hideControls, onNew, onNewIntent }: CollectionsSidebarProps) {
  const [search, setSearch] = useState("");
  const { pinned, toggle } = usePinnedCollections(collections);
  const matches = useMemo(() => filterCollections(collections ?? [], search), [collections, search]);
  const groups = groupPinned(matches, pinned);
  const compact = isCompact(matches.length);
  const [width, setWidth] = useSidebarWidth();

  // Drag the edge (or use the arrow keys on it) to resize; the width is remembered.
  const startResize = (e: React.PointerEvent) => {
    e.preventDefault();
    const startX = e.clientX;
    const startW = width;
    const move = (ev: PointerEvent) => setWidth(startW + ev.clientX - startX);
    const up = () => {
      window.removeEventListener("pointermove", move);
      window.removeEventListener("pointerup", up);
    };
    window.addEventListener("pointermove", move);
    window.addEventListener("pointerup", up);
  };

  const list = (items: Collection[]) => (
    <ul className="sidebar-list">
      {items.map((c) => (
        <Entry key={c.id} c={c} active={c.id === activeId} pinned={pinned.includes(c.id)} onTogglePin={() => toggle(c.id)} />
      ))}
    </ul>
  );

  return (
    <aside className={`page-sidebar collections-sidebar${compact ? " compact" : ""}`} aria-label="Collections" style={{ width }}>
      <div className="sidebar-search" role="search" aria-label="Collections">
        <CIcon name="search" size={16} className="sidebar-search-icon" />
        <input type="text" value={search} onChange={(e) => setSearch(e.target.value)} placeholder={SIDEBAR_SEARCH_PLACEHOLDER} aria-label="Search collections" />
        {search ? (
          <button type="button" className="btn-icon btn-xs" aria-label="Clear search" onClick={() => setSearch("")}>
            <CIcon name="close" size={14} />
          </button>
        ) : null}
      </div>
      <nav className="sidebar-content" aria-label="Collections list">
        {!collections ? (
          <div className="sidebar-loader">
            <Spinner size="sm" label="Loading collections..." />
          </div>
        ) : (
          <>
            {groups.pinned.length ? (
              <>
                <h2 className="sidebar-group-title">Pinned</h2>
                {list(groups.pinned)}
                {groups.others.length ? <h2 className="sidebar-group-title">Others</h2> : null}
              </>
            ) : null}
            {groups.others.length ? list(groups.others) : null}
            {!matches.length ? <p className="sidebar-empty txt-hint">{NO_COLLECTIONS_FOUND}</p> : null}
          </>
        )}
      </nav>
      {!hideControls ? (
        <div className="sidebar-footer">
          <button type="button" className="btn btn-secondary btn-block" onClick={onNew} onMouseEnter={onNewIntent} onFocus={onNewIntent}>
            <CIcon name="plus" size={16} /> New collection
          </button>
        </div>
      ) : null}
      <div
        className="sidebar-resizer"
        role="separator"
        aria-orientation="vertical"
        aria-label="Resize the collections sidebar"
        aria-valuemin={SIDEBAR_WIDTH.min}
        aria-valuemax={SIDEBAR_WIDTH.max}
        aria-valuenow={width}
        tabIndex={0}
        onPointerDown={startResize}
        onDoubleClick={() => setWidth(SIDEBAR_WIDTH.default)}
        onKeyDown={(e) => {
          if (e.key === "ArrowLeft" || e.key === "ArrowRight") {
            e.preventDefault();
            setWidth(width + (e.key === "ArrowRight" ? SIDEBAR_WIDTH.step : -SIDEBAR_WIDTH.step));
          }
        }}
      />
    </aside>
  );
}
