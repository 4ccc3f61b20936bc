import { readdirSync, statSync, utimesSync } from "node:fs";
import path from "node:path";
import type S3rver from "s3rver";

/** Sets the modification time of a directory and everything below it `ms` into the past. */
export function backdateDir(dir: string, ms: number): void {
  const when = new Date(Date.now() - ms);
  const visit = (p: string) => {
    if (statSync(p).isDirectory()) for (const name of readdirSync(p)) visit(path.join(p, name));
    utimesSync(p, when, when); // after the children: touching them does not change a directory's time
  };
  visit(dir);
}

/** Sets the Last-Modified of objects in an s3rver bucket `ms` into the past (s3rver reads it from its object files). */
export function backdateObjects(server: S3rver, bucket: string, keys: string[], ms: number): void {
  const when = new Date(Date.now() - ms);
  for (const key of keys) utimesSync(server.store.getResourcePath(bucket, key, "object"), when, when);
}
