/** One record's storage folder (`<collectionId>/<recordId>/`) and its last write (ms since the epoch). */
export interface RecordFolder {
  recordId: string;
  modified: number;
}

/** The record folders of a storage, as the orphan sweep sees them. */
export interface RecordFolders {
  /** The record folders under one collection's folder. */
  list(collectionId: string): Promise<RecordFolder[]>;
  /** A folder's last write, read again; null once it is gone. */
  modified(collectionId: string, recordId: string): Promise<number | null>;
  /** Removes the folder and everything in it. */
  remove(collectionId: string, recordId: string): Promise<void>;
}
