import "./palette.css";
import { useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { Command } from "cmdk";
import { OverlayPanel } from "../../components/OverlayPanel";
import { Icon, type IconName } from "../../components/Icon";
import { useCollections } from "../../data/collections/collectionsList";
import { useFindRecordById } from "../../data/records/findRecordById";
import { appInfoStore } from "../../lib/appInfo";
import { buildHref, navigate, useHashLocation } from "../../lib/router";
import { logout } from "../../lib/session";
import { useStore } from "../../lib/store";
import { themeStore, toggleTheme } from "../../lib/theme";
import { collectionHref, readPageQuery } from "../collections/pageState";
import { requestNewCollection } from "../collections/editorRequest";
import { resolveActive, sortCollections } from "../collections/sidebarModel";
import { requestNewRecord } from "../records/panelStore";
import { looksLikeRecordId, palettePages, placeLabel, placeOf } from "./paletteModel";
import { readRecentPlaces } from "./recentPlaces";

/** How long the search rests before a pasted id is looked up in every collection. */
const ID_LOOKUP_DELAY_MS = 250;

function Item({ value, keywords, icon, onSelect, children }: { value: string; keywords?: string[]; icon: IconName; onSelect: () => void; children: ReactNode }) {
  return (
    <Command.Item value={value} keywords={keywords} onSelect={onSelect} className="palette-item">
      <Icon name={icon} size={16} />
      <span className="palette-item-label">{children}</span>
    </Command.Item>
  );
}

/**
 * The command palette (Ctrl/Cmd+K): collections, pages, actions, a record by pasted id and the
 * recently visited places. A chosen entry runs once the palette has gone, so the page it opens
 * (a record panel, the collection editor) keeps the focus.
 */
export default function CommandPalette({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [search, setSearch] = useState("");
  const [idTerm, setIdTerm] = useState("");
  const pending = useRef<(() => void) | null>(null);
  const { path, query } = useHashLocation();
  const { hideControls } = useStore(appInfoStore);
  const theme = useStore(themeStore);
  const collectionsQ = useCollections();
  const sorted = useMemo(() => (collectionsQ.data ? sortCollections(collectionsQ.data) : []), [collectionsQ.data]);
  const pages = useMemo(() => palettePages(hideControls), [hideControls]);
  const current = path === "/collections" ? resolveActive(sorted, readPageQuery(query).collectionId) : null;
  const here = placeOf(path, query);
  const [recent] = useState(readRecentPlaces);

  const trimmed = search.trim();
  useEffect(() => {
    const t = setTimeout(() => setIdTerm(looksLikeRecordId(trimmed) ? trimmed : ""), ID_LOOKUP_DELAY_MS);
    return () => clearTimeout(t);
  }, [trimmed]);
  const found = useFindRecordById(collectionsQ.data, idTerm, !!idTerm && idTerm === trimmed);

  const run = (action: () => void) => {
    pending.current = action;
    onClose();
  };
  const go = (to: string) => run(() => navigate(to));
  const newCollection = () => {
    requestNewCollection();
    if (path !== "/collections") navigate("/collections");
  };

  const recentItems = recent
    .filter((p) => p !== here)
    .map((p) => ({ to: p, label: placeLabel(p, pages, sorted) }))
    .filter((p): p is { to: string; label: string } => p.label !== null);

  return (
    <OverlayPanel
      open={open}
      onClose={onClose}
      onAfterHide={() => {
        const action = pending.current;
        pending.current = null;
        action?.();
      }}
      title="Command palette"
      size="popup"
      className="command-palette"
      showCloseButton={false}
    >
      {/* The focus stays in the search box, where the panels' own Escape does not close them. */}
      <Command
        label="Command palette"
        loop
        onKeyDown={(e) => {
          if (e.key !== "Escape") return;
          e.preventDefault();
          onClose();
        }}
      >
        <Command.Input value={search} onValueChange={setSearch} placeholder="Search collections, pages, actions or paste a record id" className="input palette-input" data-autofocus />
        <Command.List className="palette-list" label="Results">
          <Command.Empty className="palette-empty">{found.isFetching ? "Looking for the record..." : "No results."}</Command.Empty>
          {found.data?.length ? (
            <Command.Group heading="Record">
              {found.data.map((hit) => (
                <Item key={hit.collection.id} value={`record ${hit.id} ${hit.collection.name}`} icon="search" onSelect={() => go(buildHref("/collections", { collectionId: hit.collection.id, recordId: hit.id }))}>
                  Open record <code>{hit.id}</code> in {hit.collection.name}
                </Item>
              ))}
            </Command.Group>
          ) : null}
          {recentItems.length ? (
            <Command.Group heading="Recent">
              {recentItems.map((p) => (
                <Item key={p.to} value={`recent ${p.label}`} icon="restore" onSelect={() => go(p.to)}>
                  {p.label}
                </Item>
              ))}
            </Command.Group>
          ) : null}
          <Command.Group heading="Actions">
            {current && current.type !== "view" ? (
              <Item value={`New record in ${current.name}`} keywords={["create", "add"]} icon="plus" onSelect={() => run(requestNewRecord)}>
                New record in {current.name}
              </Item>
            ) : null}
            {!hideControls ? (
              <Item value="New collection" keywords={["create", "add"]} icon="plus" onSelect={() => run(newCollection)}>
                New collection
              </Item>
            ) : null}
            <Item value="Toggle theme" keywords={["dark", "light", "mode"]} icon={theme === "dark" ? "sun" : "moon"} onSelect={() => run(toggleTheme)}>
              Toggle theme ({theme === "dark" ? "light" : "dark"})
            </Item>
            <Item value="Sign out" keywords={["logout", "log out"]} icon="logout" onSelect={() => run(() => logout())}>
              Sign out
            </Item>
          </Command.Group>
          {sorted.length ? (
            <Command.Group heading="Collections">
              {sorted.map((c) => (
                <Item key={c.id} value={`collection ${c.name}`} keywords={[c.type]} icon="collections" onSelect={() => go(collectionHref(c.id))}>
                  {c.name}
                </Item>
              ))}
            </Command.Group>
          ) : null}
          <Command.Group heading="Pages">
            {pages.map((p) => (
              <Item key={p.to} value={`page ${p.label}`} keywords={p.keywords} icon={p.to.startsWith("/settings") ? "settings" : p.to === "/logs" ? "logs" : "collections"} onSelect={() => go(p.to)}>
                {p.label}
              </Item>
            ))}
          </Command.Group>
        </Command.List>
      </Command>
      <p className="palette-hint txt-hint">
        <kbd>↑</kbd> <kbd>↓</kbd> to move, <kbd>Enter</kbd> to open, <kbd>Esc</kbd> to close, <kbd>?</kbd> lists the shortcuts
      </p>
    </OverlayPanel>
  );
}
