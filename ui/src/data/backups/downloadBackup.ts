import { client } from "../../lib/client";
import { downloadUrl } from "../../lib/download";
import { getAdminFileToken } from "../../lib/fileToken";

/** The download link of a backup: /api/backups/{key}?token= with an admin file token. */
export async function backupDownloadUrl(key: string): Promise<string> {
  const token = await getAdminFileToken(client);
  return client.backups.getDownloadUrl(token, key);
}

export async function downloadBackup(key: string): Promise<void> {
  downloadUrl(await backupDownloadUrl(key), key);
}
