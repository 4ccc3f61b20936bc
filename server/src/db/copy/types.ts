import type { CollectionModel } from "../../models/collection.js";
import type { Tx } from "../types.js";

/** Called as rows of a table are copied: `rowsDone` of `rowsTotal` (both 0 for an empty table). */
export type CopyProgress = (table: string, rowsDone: number, rowsTotal: number) => void;

export interface CopyHooks {
  onProgress?: CopyProgress;
  /** Called once before any row is copied, with the rows of every table to copy. */
  onTotal?: (rows: number) => void;
  /**
   * Makes the tables (with their indexes) and views of collections on the target; returns the
   * views that did not resolve (collections/sync.ts createCollectionsStorage, above db/).
   */
  createCollectionsStorage: (tx: Tx, collections: readonly CollectionModel[]) => Promise<string[]>;
}

export interface CopyResult {
  /** Rows copied per table. */
  rows: Record<string, number>;
  /** What the user should hear about (views whose query the target engine cannot run). */
  warnings: string[];
}

/** Rows of one table, each an array of values in the order of the columns asked for. */
export type RowBatch = unknown[][];

/** A database being copied from: one consistent state of it, read table by table. */
export interface CopySource {
  /** The collections in storage order. */
  readonly collections: readonly CollectionModel[];
  /** Whether the source holds the table. */
  has(table: string): boolean;
  /** The table's columns (the hidden row-order column excluded). */
  columns(table: string): Promise<string[]>;
  count(table: string): Promise<number>;
  /** The rows in insertion order, a batch at a time. */
  batches(table: string, columns: readonly string[]): AsyncIterable<RowBatch>;
  /** The `_migrations` rows (data and logs). */
  migrations(): Promise<{ file: string; applied: number }[]>;
  close(): Promise<void>;
}

/** A copy refused before anything was written (a non-empty target, a source that is no Cairn data). */
export class CopyRefusedError extends Error {}
