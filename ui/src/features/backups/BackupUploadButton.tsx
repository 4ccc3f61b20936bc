import { useRef, useState } from "react";
import { HiddenFileInput } from "../../components/HiddenFileInput";
import { Icon } from "../../components/Icon";
import { ProgressBar } from "../../components/ProgressBar";
import { Tooltip } from "../../components/Tooltip";
import { useUploadBackup } from "../../data/backups/uploadBackup";
import { handleError, isAbortError, normalizeError } from "../../lib/errors";
import { addErrorToast, addSuccessToast } from "../../lib/toasts";
import { MESSAGES } from "./backupsModel";

/** Uploads a zip picked by the user; shows the progress; a new pick is ignored while one uploads. */
export function BackupUploadButton() {
  const upload = useUploadBackup();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const busy = progress !== null;

  const start = async (file: File) => {
    if (busy) return;
    setProgress(0);
    try {
      await upload.mutateAsync({ file, onProgress: setProgress });
      addSuccessToast(MESSAGES.uploaded);
    } catch (err) {
      if (isAbortError(err)) return;
      const fileMessage = (normalizeError(err).response.data as { file?: { message?: string } } | undefined)?.file?.message;
      if (fileMessage) addErrorToast(fileMessage);
      else handleError(err);
    } finally {
      setProgress(null);
      if (input.current) input.current.value = "";
    }
  };

  const percent = Math.floor((progress ?? 0) * 100);
  return (
    <span className="backups-upload">
      <HiddenFileInput ref={input} accept="application/zip" onFile={(file) => void start(file)} />
      <Tooltip text="Upload backup">
        <button type="button" className="btn-icon btn-sm" aria-label="Upload backup" disabled={busy} aria-busy={busy || undefined} onClick={() => input.current?.click()}>
          <Icon name="upload" size={16} />
        </button>
      </Tooltip>
      {busy ? (
        <ProgressBar label="Upload progress" fraction={progress} text={`Uploading ${percent}%`} className="backups-upload-progress" />
      ) : null}
    </span>
  );
}
