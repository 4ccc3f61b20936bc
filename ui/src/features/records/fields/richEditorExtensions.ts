import StarterKit from "@tiptap/starter-kit";
import Image from "@tiptap/extension-image";
import { TableKit } from "@tiptap/extension-table";
import { TextStyleKit } from "@tiptap/extension-text-style";
import TextAlign from "@tiptap/extension-text-align";

/**
 * What the editor keeps of a value. Besides what its toolbar makes, the markup PocketBase's own
 * editor (TinyMCE) writes into editor fields — tables, text and background colors, font sizes
 * and families, alignment — which a schema without it would drop on the first edit of such a
 * record.
 */
export const richEditorExtensions = [
  // Nothing PocketBase's editor would not write: no empty paragraph appended after a last list,
  // table or image, no target and rel on every link.
  StarterKit.configure({ trailingNode: false, link: { HTMLAttributes: { target: null, rel: null } } }),
  Image, TableKit, TextStyleKit,
  TextAlign.configure({ types: ["heading", "paragraph"] }),
];
