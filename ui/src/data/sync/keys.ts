/** Query and mutation keys of the sync area (collections export and import). */
export const syncKeys = {
  all: ["sync"] as const,
  exportList: () => [...syncKeys.all, "export", "collections"] as const,
  importList: () => [...syncKeys.all, "import", "collections"] as const,
  importRun: () => [...syncKeys.all, "import", "run"] as const,
};
