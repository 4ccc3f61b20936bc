import "./admins.css";
import { useEffect, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { Avatar } from "../../components/Avatar";
import { Icon } from "../../components/Icon";
import { Spinner } from "../../components/Spinner";
import { Tooltip } from "../../components/Tooltip";
import { useAdmins } from "../../data/admins/adminsList";
import { adminsKeys } from "../../data/admins/keys";
import { useAdmin, type AdminModel } from "../../lib/authState";
import { handleError, normalizeError } from "../../lib/errors";
import { formatDate } from "../../lib/format";
import { setQueryParams, useHashLocation } from "../../lib/router";
import { SettingsLayout } from "../settings/SettingsLayout";
import { AdminPanel } from "./AdminPanel";
import { ADMIN_SORT_FIELDS, adminsFilter, nextSort, NO_ADMINS_FOUND, readSort } from "./adminsModel";

export const ADMINS_SEARCH_PLACEHOLDER = 'Search term or filter like email ~ "example.com"';

const COLUMN_LABELS: Record<(typeof ADMIN_SORT_FIELDS)[number], string> = { id: "id", email: "email", created: "created", updated: "updated" };

function SortHeader({ field, sort, onSort }: { field: (typeof ADMIN_SORT_FIELDS)[number]; sort: string; onSort: (s: string) => void }) {
  const dir = sort === field ? "ascending" : sort === `-${field}` ? "descending" : "none";
  return (
    <th aria-sort={dir} className={`col-${field}`}>
      <button type="button" className="sort-btn" onClick={() => onSort(nextSort(sort, field))}>
        {COLUMN_LABELS[field]}
        {dir !== "none" ? <Icon name="chevronDown" size={14} style={{ transform: dir === "ascending" ? "rotate(180deg)" : undefined }} /> : null}
      </button>
    </th>
  );
}

/** /settings/admins: searchable, sortable admins list (state in the address) and the admin panel. */
export default function AdminsPage() {
  const { query } = useHashLocation();
  const filter = query.get("filter") ?? "";
  const sort = readSort(query.get("sort"));
  const me = useAdmin();
  const qc = useQueryClient();
  const list = useAdmins(adminsFilter(filter), sort);
  const [draft, setDraft] = useState(filter);
  const [panel, setPanel] = useState<{ open: boolean; admin: AdminModel | null }>({ open: false, admin: null });

  useEffect(() => setDraft(filter), [filter]);

  useEffect(() => {
    if (!list.error) return;
    // A malformed filter answers 400: shown as the empty state, not toasted.
    if (filter && normalizeError(list.error).status === 400) return;
    handleError(list.error);
  }, [list.error, filter]);

  const openPanel = (admin: AdminModel | null) => setPanel({ open: true, admin });
  const admins = list.data ?? [];

  return (
    <SettingsLayout
      title="Admins"
      className="admins-page"
      actions={
        <>
          <Tooltip text="Refresh" position="bottom">
            <button type="button" className="btn-icon" aria-label="Refresh" onClick={() => void qc.resetQueries({ queryKey: adminsKeys.lists() })}>
              <Icon name="refresh" />
            </button>
          </Tooltip>
          <button type="button" className="btn btn-primary page-header-end-btn" onClick={() => openPanel(null)}>
            <Icon name="users" size={16} />
            New admin
          </button>
        </>
      }
    >
      <form
        className="searchbar"
        role="search"
        aria-label="Admins"
        onSubmit={(e) => {
          e.preventDefault();
          setQueryParams({ filter: draft.trim() || null }, { replace: false });
        }}
      >
        <Icon name="search" className="searchbar-icon" />
        <input className="searchbar-input filter-input-plain" type="text" aria-label="Search admins" placeholder={ADMINS_SEARCH_PLACEHOLDER} value={draft} onChange={(e) => setDraft(e.target.value)} />
        {draft !== filter ? (
          <button type="submit" className="btn btn-secondary btn-sm">
            Search
          </button>
        ) : null}
        {filter ? (
          <button type="button" className="btn btn-transparent btn-sm" onClick={() => setQueryParams({ filter: null }, { replace: false })}>
            Clear
          </button>
        ) : null}
      </form>

      <div className="table-wrapper">
        <table className="table admins-table">
          <thead>
            <tr>
              <th className="col-avatar">
                <span className="visually-hidden">Avatar</span>
              </th>
              {ADMIN_SORT_FIELDS.map((f) => (
                <SortHeader key={f} field={f} sort={sort} onSort={(s) => setQueryParams({ sort: s })} />
              ))}
            </tr>
          </thead>
          <tbody>
            {list.isLoading ? (
              <tr>
                <td colSpan={5} className="table-state">
                  <Spinner label="Loading admins..." />
                </td>
              </tr>
            ) : admins.length === 0 ? (
              <tr>
                <td colSpan={5} className="table-state">
                  <p className="txt-hint">{NO_ADMINS_FOUND}</p>
                  {filter ? (
                    <button type="button" className="btn btn-secondary btn-sm" onClick={() => setQueryParams({ filter: null }, { replace: false })}>
                      Clear filters
                    </button>
                  ) : null}
                </td>
              </tr>
            ) : (
              admins.map((a) => (
                <tr
                  key={a.id}
                  className="admin-row"
                  tabIndex={0}
                  aria-label={`Edit admin ${a.email}`}
                  onClick={() => openPanel(a)}
                  onKeyDown={(e) => {
                    if (e.key === "Enter" || e.key === " ") {
                      e.preventDefault();
                      openPanel(a);
                    }
                  }}
                >
                  <td className="col-avatar">
                    <Avatar value={a.avatar ?? 0} size={30} />
                  </td>
                  <td className="col-id">
                    <span className="txt-mono">{a.id}</span>
                    {me?.id === a.id ? <span className="label label-you">You</span> : null}
                  </td>
                  <td className="col-email">{a.email}</td>
                  <td className="col-date">{a.created ? formatDate(a.created) : ""}</td>
                  <td className="col-date">{a.updated ? formatDate(a.updated) : ""}</td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>

      <AdminPanel open={panel.open} admin={panel.admin} onClose={() => setPanel((p) => ({ ...p, open: false }))} />
    </SettingsLayout>
  );
}
