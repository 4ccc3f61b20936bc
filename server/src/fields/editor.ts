import { decodeStruct } from "./decode.js";
import type { FieldDef } from "./types.js";

export interface EditorOptions {
  convertUrls: boolean;
}

export const editor: FieldDef<EditorOptions> = {
  type: "editor",
  defaults: () => ({ convertUrls: false }),
  decode: (raw) => decodeStruct({ convertUrls: "bool" }, editor.defaults(), raw),
  validate: () => null,
  toJSON: (o) => ({ convertUrls: o.convertUrls }),
  isMultiple: () => false,
  columnKind: () => "text",
  zeroValue: () => "",
};
