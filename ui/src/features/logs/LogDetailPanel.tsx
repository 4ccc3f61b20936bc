import { useEffect, useMemo } from "react";
import DOMPurify from "dompurify";
import { CopyButton } from "../../components/CopyButton";
import { OverlayPanel, useOverlayClose } from "../../components/OverlayPanel";
import { Spinner } from "../../components/Spinner";
import { Icon } from "../../components/Icon";
import { useLog } from "../../data/logs/log";
import { downloadJson } from "../../lib/download";
import { isEmptyValue } from "../../lib/format";
import { addErrorToast } from "../../lib/toasts";
import { normalizeError } from "../../lib/errors";
import { LogLevelBadge } from "./LogLevelBadge";
import { LogDate } from "./LogDate";
import { formatExecTime, isRequestLog, orderedDataKeys } from "./logData";
import { logFileName } from "./logFiles";
import type { LogEntry } from "./logTypes";

export const unableToLoadLog = (id: string) => `Unable to load log with id "${id}"`;

function NA() {
  return <span className="txt-hint">N/A</span>;
}

/** One data value: N/A when empty, ms for request execTime, red label for error, sanitized HTML for details, JSON for objects. */
export function DataValue({ name, value, log }: { name: string; value: unknown; log: LogEntry }) {
  if (isEmptyValue(value)) return <NA />;
  if (name === "execTime" && isRequestLog(log)) return <span>{formatExecTime(value)} ms</span>;
  if (name === "error") return <span className="label label-danger">{String(value)}</span>;
  if (name === "details") {
    const html = DOMPurify.sanitize(typeof value === "string" ? value : JSON.stringify(value, null, 2));
    return <div className="log-details-html" dangerouslySetInnerHTML={{ __html: html }} />;
  }
  if (typeof value === "object") return <pre className="code-block">{JSON.stringify(value, null, 2)}</pre>;
  return <span className="txt-break">{String(value)}</span>;
}

function LogTable({ log }: { log: LogEntry }) {
  const keys = useMemo(() => orderedDataKeys(log.data), [log.data]);
  return (
    <table className="table table-vertical log-detail-table">
      <tbody>
        <tr>
          <th scope="row">id</th>
          <td>
            <span className="txt-mono">{log.id}</span> <CopyButton value={log.id} label="Copy id" />
          </td>
        </tr>
        <tr>
          <th scope="row">level</th>
          <td>
            <LogLevelBadge level={log.level} />
          </td>
        </tr>
        <tr>
          <th scope="row">created</th>
          <td>
            <LogDate value={log.created} />
          </td>
        </tr>
        <tr>
          <th scope="row">message</th>
          <td>{log.message ? <span className="txt-break">{log.message}</span> : <NA />}</td>
        </tr>
        {keys.map((key) => (
          <tr key={key}>
            <th scope="row">data.{key}</th>
            <td>
              <DataValue name={key} value={log.data[key]} log={log} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Footer({ log }: { log?: LogEntry }) {
  const close = useOverlayClose();
  return (
    <>
      <button type="button" className="btn btn-transparent" onClick={close}>
        Close
      </button>
      <button type="button" className="btn btn-primary" disabled={!log} onClick={() => log && downloadJson(log, logFileName(log))}>
        <Icon name="download" size={16} /> Download as JSON
      </button>
    </>
  );
}

/** The "Request log" panel, open while logId is in the URL; a load failure toasts and closes it. */
export function LogDetailPanel({ logId, onClose }: { logId: string; onClose: () => void }) {
  const q = useLog(logId);

  useEffect(() => {
    if (!q.error || !logId) return;
    if (normalizeError(q.error).isAbort) return;
    addErrorToast(unableToLoadLog(logId));
    onClose();
  }, [q.error, logId, onClose]);

  const log = q.data && q.data.id === logId ? q.data : undefined;

  return (
    <OverlayPanel open={!!logId} onClose={onClose} title="Request log" size="lg" className="log-panel" footer={<Footer log={log} />}>
      {log ? (
        <LogTable log={log} />
      ) : (
        <div className="panel-loader">
          <Spinner size="lg" label="Loading log..." />
        </div>
      )}
    </OverlayPanel>
  );
}
