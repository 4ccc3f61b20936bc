// The journeys run against Cairn on PostgreSQL (target "cairn-postgres"): the dashboard's work
// that reaches the database — collections of every kind, records, rules, logs, settings, admins,
// backups, import and export. Accessibility and layout journeys are the dashboard's own and run
// on SQLite only, which keeps CI within its time budget. Names match by substring, as E2E_ONLY.
export const POSTGRES_JOURNEYS = [
  "install the first admin",
  "sign in",
  "collections: create a collection with every field type and an index",
  "collections: rename, reorder and delete fields, rename the collection",
  "collections: set, lock and unlock API rules",
  "collections: create auth and view collections, API docs",
  "records: create, edit, duplicate and delete a record with every field type",
  "records: auth record with password and verified change",
  "records: list search, sort, column toggles, bulk delete",
  "records: view collection read-only panel",
  "records: live list follows API changes",
  "records export: every matching record",
  "records import: column mapping",
  "browse logs",
  "filter logs",
  "settings: change the application name",
  "admins: create, edit and delete an admin",
  "backups: create, download and upload",
  "backups: restore",
  "sync: import collections with the diff",
  "PocketBase's own dashboard",
];
