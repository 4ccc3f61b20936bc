import type { Queryable } from "./types.js";

/**
 * The `_migrations` rows of applied migration files, as the reference keeps them: the file's
 * name and the apply time in microseconds. The system schema's own migrations share the table
 * (their names never end in `.js`).
 */
export const migrationsLog = {
  /** Every recorded name, the most recently applied first. */
  async newestFirst(q: Queryable): Promise<string[]> {
    const rows = await q.all<{ file: string }>(`SELECT file FROM _migrations ORDER BY applied DESC, file DESC`);
    return rows.map((r) => r.file);
  },

  async record(q: Queryable, file: string): Promise<void> {
    await q.run(`INSERT INTO _migrations (file, applied) VALUES (?, ?)`, [file, Date.now() * 1000]);
  },

  async forget(q: Queryable, file: string): Promise<void> {
    await q.run(`DELETE FROM _migrations WHERE file = ?`, [file]);
  },
};
