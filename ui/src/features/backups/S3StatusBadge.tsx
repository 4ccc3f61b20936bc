import { Icon } from "../../components/Icon";
import { Spinner } from "../../components/Spinner";
import { Tooltip } from "../../components/Tooltip";
import type { S3Status } from "./useS3Status";

export const S3_CONNECTED = "S3 connected successfully";
export const S3_FAILED = "Failed to establish S3 connection";

/** Spinner, then connected or failed (the server's message as the tooltip). */
export function S3StatusBadge({ status }: { status: S3Status }) {
  if (status.state === "idle") return null;
  if (status.state === "testing")
    return (
      <span className="backups-s3-status">
        <Spinner size="sm" label="Testing the S3 connection..." />
      </span>
    );
  if (status.state === "connected")
    return (
      <span className="backups-s3-status label label-success" role="status">
        <Icon name="check" size={14} />
        {S3_CONNECTED}
      </span>
    );
  return (
    <Tooltip text={status.message}>
      <span className="backups-s3-status label label-warning" role="status" tabIndex={0}>
        <Icon name="alert" size={14} />
        {S3_FAILED}
      </span>
    </Tooltip>
  );
}
