import { useCallback, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { Icon } from "../../components/Icon";
import { Tooltip } from "../../components/Tooltip";
import { logsKeys } from "../../data/logs/keys";
import { setQueryParams, useHashLocation } from "../../lib/router";
import { usePageTitle } from "../../lib/title";
import { PageHeader } from "../shell/PageHeader";
import { joinFilters, normalizeSearchFilter, presetFilter } from "./logFilter";
import { LogsFilterBar } from "./LogsFilterBar";
import { LogLevelsLegend } from "./LogLevelsLegend";
import { LogsChart } from "./LogsChart";
import { LogsList } from "./LogsList";
import { LogDetailPanel } from "./LogDetailPanel";
import { LogsSettingsPopup } from "./LogsSettingsPopup";
import { useIncludeAdminRequests } from "./useIncludeAdminRequests";

/** The refresh button's tooltip stays hidden this long after a click. */
export const REFRESH_TOOLTIP_HIDE_MS = 150;

export default function LogsPage() {
  usePageTitle("Logs");
  const { query } = useHashLocation();
  const filter = query.get("filter") ?? "";
  const logId = query.get("logId") ?? "";
  const [includeAdmin, setIncludeAdmin] = useIncludeAdminRequests();
  const [settingsOpen, setSettingsOpen] = useState(false);
  const qc = useQueryClient();

  const presets = presetFilter(includeAdmin);
  const effectiveFilter = joinFilters(presets, normalizeSearchFilter(filter));

  const refresh = useCallback(() => {
    void qc.resetQueries({ queryKey: logsKeys.lists() });
    void qc.resetQueries({ queryKey: logsKeys.stats() });
  }, [qc]);

  const closeLog = useCallback(() => setQueryParams({ logId: null }), []);
  const closeSettings = useCallback(() => setSettingsOpen(false), []);

  const setFilter = useCallback((v: string) => setQueryParams({ filter: v.trim() || null }, { replace: false }), []);

  return (
    <div className="page page-logs">
      <PageHeader title="Logs">
        <Tooltip text="Logs settings" position="bottom">
          <button type="button" className="btn-icon" aria-label="Logs settings" onClick={() => setSettingsOpen(true)}>
            <Icon name="settings" />
          </button>
        </Tooltip>
        <Tooltip text="Refresh" position="bottom" hideOnClickMs={REFRESH_TOOLTIP_HIDE_MS}>
          <button type="button" className="btn-icon" aria-label="Refresh" onClick={refresh}>
            <Icon name="refresh" />
          </button>
        </Tooltip>
        <label className="checkbox-label">
          <input type="checkbox" checked={includeAdmin} onChange={(e) => setIncludeAdmin(e.target.checked)} />
          <span>Include requests by admins</span>
        </label>
      </PageHeader>

      <LogsFilterBar value={filter} onSubmit={setFilter} />
      <LogLevelsLegend />

      <LogsChart filter={effectiveFilter} userFilter={filter} />

      <LogsList filter={effectiveFilter} userFilter={filter} onClearFilter={() => setFilter("")} />

      <LogDetailPanel logId={logId} onClose={closeLog} />
      <LogsSettingsPopup open={settingsOpen} onClose={closeSettings} />
    </div>
  );
}
