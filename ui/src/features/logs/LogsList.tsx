import { useEffect, useMemo, useState } from "react";
import { TableStateRow } from "../../components/TableStateRow";
import { useLogsList } from "../../data/logs/logsList";
import { handleError, normalizeError } from "../../lib/errors";
import { downloadJson } from "../../lib/download";
import { buildHref, useHashLocation } from "../../lib/router";
import { LogLevelBadge } from "./LogLevelBadge";
import { LogDate } from "./LogDate";
import { logChips } from "./logData";
import { bulkLogsFileName } from "./logFiles";
import { truncate } from "../../lib/format";
import type { LogEntry } from "./logTypes";
import { useBatchedCount } from "./useBatchedCount";
import { LogsBulkBar } from "./LogsBulkBar";
import { BusyButton } from "../../components/BusyButton";

export const NO_LOGS_FOUND = "No logs found";

/** The logs table: batched rows, selection with a bulk bar, "Load more", empty state. */
export function LogsList({ filter, userFilter, onClearFilter }: { filter: string; userFilter: string; onClearFilter: () => void }) {
  const list = useLogsList(filter);
  const { path, query } = useHashLocation();
  const [selected, setSelected] = useState<Map<string, LogEntry>>(new Map());

  useEffect(() => {
    if (!list.error) return;
    const e = normalizeError(list.error);
    if (e.status === 400 && userFilter) return; // an invalid filter is silent
    handleError(list.error);
  }, [list.error, userFilter]);

  // A new filter (or preset) starts from page 1 with nothing selected.
  useEffect(() => setSelected(new Map()), [filter]);

  const items = useMemo(() => (list.isError ? [] : (list.data?.pages.flatMap((p) => p.items) ?? [])), [list.isError, list.data]);
  const rendered = useBatchedCount(items.length, filter);
  const visible = items.slice(0, rendered);

  const allSelected = items.length > 0 && items.every((l) => selected.has(l.id));
  const toggleAll = () => setSelected(allSelected ? new Map() : new Map(items.map((l) => [l.id, l])));
  const toggle = (log: LogEntry) =>
    setSelected((prev) => {
      const next = new Map(prev);
      if (next.has(log.id)) next.delete(log.id);
      else next.set(log.id, log);
      return next;
    });

  const hrefFor = (id: string) => {
    const q = new URLSearchParams(query);
    q.set("logId", id);
    return "#" + buildHref(path, q);
  };

  const isInitialLoading = list.isPending || (list.isFetching && !list.isFetchingNextPage && items.length === 0);

  return (
    <section className="logs-list" aria-label="Logs">
      <div className="table-wrapper">
        <table className="table logs-table" aria-busy={list.isFetching}>
          <thead>
            <tr>
              <th className="col-select" scope="col">
                <input type="checkbox" aria-label="Select all loaded logs" checked={allSelected} disabled={!items.length} onChange={toggleAll} />
              </th>
              <th className="col-level" scope="col">
                level
              </th>
              <th className="col-message" scope="col">
                message
              </th>
              <th className="col-created" scope="col">
                created
              </th>
            </tr>
          </thead>
          <tbody>
            {visible.map((log) => (
              <tr
                key={log.id}
                className={`logs-row${selected.has(log.id) ? " selected" : ""}`}
                onClick={(e) => {
                  if ((e.target as HTMLElement).closest("input, a, button")) return;
                  window.location.hash = hrefFor(log.id);
                }}
              >
                <td className="col-select">
                  <input type="checkbox" aria-label={`Select log ${log.id}`} checked={selected.has(log.id)} onChange={() => toggle(log)} />
                </td>
                <td className="col-level">
                  <LogLevelBadge level={log.level} />
                </td>
                <td className="col-message">
                  <a href={hrefFor(log.id)} className="log-message-link">
                    {log.message ? truncate(log.message) : <span className="txt-hint">N/A</span>}
                  </a>
                  <span className="log-chips">
                    {logChips(log).map((chip) => (
                      <span key={chip.key} className={`chip${chip.danger ? " chip-danger" : ""}`}>
                        {chip.label}
                      </span>
                    ))}
                  </span>
                </td>
                <td className="col-created">
                  <LogDate value={log.created} />
                </td>
              </tr>
            ))}
            <TableStateRow rows={items.length} loading={isInitialLoading} colSpan={4} loadingLabel="Loading logs..." emptyText={NO_LOGS_FOUND} onClearFilter={userFilter ? onClearFilter : undefined} />
          </tbody>
        </table>
      </div>

      {list.hasNextPage && !list.isError ? (
        <div className="load-more">
          <BusyButton className="btn btn-secondary" busy={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
            Load more
          </BusyButton>
        </div>
      ) : null}

      {selected.size ? (
        <LogsBulkBar
          count={selected.size}
          onReset={() => setSelected(new Map())}
          onDownload={() => {
            const logs = [...selected.values()];
            downloadJson(logs.length === 1 ? logs[0] : logs, bulkLogsFileName(logs));
          }}
        />
      ) : null}
    </section>
  );
}
