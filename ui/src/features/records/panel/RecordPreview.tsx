import { useEffect } from "react";
import { OverlayPanel } from "../../../components/OverlayPanel";
import { Spinner } from "../../../components/Spinner";
import type { Collection } from "../../../data/collections/types";
import { useRecord } from "../../../data/records/record";
import { useAdminFileToken } from "../../../data/records/fileUrl";
import { handleError } from "../../../lib/errors";
import { addErrorToast } from "../../../lib/toasts";
import { RecordCell } from "../RecordCell";
import { columnCellClass, recordColumns } from "../listModel";
import { unableToLoad } from "./messages";

/** The read-only record panel of view collections. */
export function RecordPreview({ open, collection, collections, recordId, onClose }: { open: boolean; collection: Collection; collections: Collection[]; recordId: string; onClose: () => void }) {
  const q = useRecord(collection, recordId);
  const fileToken = useAdminFileToken(collection.schema.some((f) => f.type === "file" && !!f.options?.protected));
  useEffect(() => {
    if (!q.error) return;
    handleError(q.error, { notify: false });
    addErrorToast(unableToLoad(recordId));
    onClose();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [q.error]);
  return (
    <OverlayPanel
      open={open}
      onClose={onClose}
      title={`Preview ${collection.name} record`}
      size="lg"
      className="record-panel record-preview"
      footer={
        <button type="button" className="btn btn-transparent" onClick={onClose}>
          Close
        </button>
      }
    >
      {!q.data ? (
        <Spinner label="Loading record..." />
      ) : (
        <table className="table table-vertical record-preview-table">
          <tbody>
            {recordColumns(collection).map((col) => (
              <tr key={col.id}>
                <th scope="row">{col.label}</th>
                <td className={columnCellClass(col)}>
                  <RecordCell column={col} record={q.data} ctx={{ collection, collections, fileToken }} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </OverlayPanel>
  );
}
