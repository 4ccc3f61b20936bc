import { readStringList, storageKeys, writeStorage } from "../../lib/storageKeys";
import { addRecent } from "./paletteModel";

/** The recently visited places (hash routes), newest first, kept in local storage. */
export function readRecentPlaces(): string[] {
  return readStringList(storageKeys.recentPlaces);
}

export function rememberPlace(place: string): void {
  writeStorage(storageKeys.recentPlaces, JSON.stringify(addRecent(readRecentPlaces(), place)));
}
