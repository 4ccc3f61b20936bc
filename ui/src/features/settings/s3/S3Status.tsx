import { Icon } from "../../../components/Icon";
import { Spinner } from "../../../components/Spinner";
import { Tooltip } from "../../../components/Tooltip";
import type { S3TestState } from "./useS3Test";

export const S3_CONNECTED = "S3 connected successfully";
export const S3_FAILED = "Failed to establish S3 connection";

/** Spinner while testing, then the connected or failed line (the server message as tooltip). */
export function S3Status({ state, error }: { state: S3TestState; error: string }) {
  if (state === "idle") return null;
  return (
    <div className="s3-status-wrap" aria-live="polite">
      {state === "testing" ? (
        <span className="s3-status">
          <Spinner size="sm" label="Testing S3 connection..." />
        </span>
      ) : state === "connected" ? (
        <span className="s3-status s3-status-connected">
          <Icon name="success" size={16} />
          {S3_CONNECTED}
        </span>
      ) : (
        <Tooltip text={error}>
          <span className="s3-status s3-status-failed" tabIndex={0}>
            <Icon name="error" size={16} />
            {S3_FAILED}
            <span className="visually-hidden">: {error}</span>
          </span>
        </Tooltip>
      )}
    </div>
  );
}
