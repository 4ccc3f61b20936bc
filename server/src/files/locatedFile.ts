import type { FileStat, FileSystem } from "./filesystem.js";

/** A file found in storage, to be sent under `name` (as an attachment when `download`). */
export interface LocatedFile {
  fs: FileSystem;
  key: string;
  stat: FileStat;
  name: string;
  download: boolean;
}
