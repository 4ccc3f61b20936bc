import { watch, type FSWatcher } from "node:fs";

/**
 * Calls `onChange` once the `*.pb.js` files of `dir` stop changing for `quietMs` (an editor's save
 * is several events); returns the stop function. A directory that does not exist is not watched.
 */
export function watchHookFiles(dir: string, onChange: () => void, quietMs = 200): () => void {
  let watcher: FSWatcher;
  try {
    watcher = watch(dir, { persistent: false });
  } catch {
    return () => undefined;
  }
  let timer: NodeJS.Timeout | null = null;
  watcher.on("change", (_event, name) => {
    if (name && !String(name).endsWith(".pb.js")) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(onChange, quietMs);
  });
  watcher.on("error", () => watcher.close());
  return () => {
    if (timer) clearTimeout(timer);
    watcher.close();
  };
}
