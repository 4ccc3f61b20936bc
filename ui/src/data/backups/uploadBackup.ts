import { useMutation, useQueryClient } from "@tanstack/react-query";
import { uploadWithProgress } from "../../lib/uploadWithProgress";
import { backupsKeys } from "./keys";

export interface UploadBackupInput {
  file: File;
  /** Called with the sent fraction (0..1) as the upload advances. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/** POST /api/backups/upload as multipart with the single field `file`, with upload progress. */
export async function uploadBackup({ file, onProgress, signal }: UploadBackupInput): Promise<void> {
  const form = new FormData();
  form.append("file", file);
  await uploadWithProgress("/api/backups/upload", form, { onProgress, signal });
}

export function useUploadBackup() {
  const qc = useQueryClient();
  return useMutation({
    mutationKey: backupsKeys.upload(),
    mutationFn: uploadBackup,
    onSuccess: () => qc.invalidateQueries({ queryKey: backupsKeys.list() }),
  });
}
