import type { CollectionModel } from "../models/collection.js";
import { collectionJson } from "../models/collection.js";

/** The first line of PocketBase's migration files: editor types from the data directory. */
const typesLine = (typesPath: string) => `/// <reference path="${typesPath.split("\\").join("/")}" />\n`;

/** A blank migration, as `migrate create NAME` writes it. */
export function blankMigration(typesPath: string): string {
  return `${typesLine(typesPath)}migrate((db) => {
  // add up queries...
}, (db) => {
  // add down queries...
})
`;
}

/** A migration that makes the collections exactly these (others deleted), as `migrate collections` writes it. */
export function collectionsSnapshot(typesPath: string, collections: readonly CollectionModel[]): string {
  const json = JSON.stringify(collections.map(collectionJson), null, 2).split("\n").join("\n  ");
  return `${typesLine(typesPath)}migrate((db) => {
  const snapshot = ${json};

  const collections = snapshot.map((item) => new Collection(item));

  return Dao(db).importCollections(collections, true, null);
}, (db) => {
  return null;
})
`;
}

/** A file name PocketBase would give: `<unix seconds>_<snake_case name>.js`. */
export function migrationFileName(name: string, now = new Date()): string {
  const snake = name
    .trim()
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .replace(/[^A-Za-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .toLowerCase();
  return `${Math.floor(now.getTime() / 1000)}_${snake}.js`;
}
