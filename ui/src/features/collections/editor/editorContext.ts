import { createContext, useContext } from "react";
import type { Collection } from "../../../data/collections/types";
import type { CollectionForm } from "./editorModel";

export interface EditorContextValue {
  form: CollectionForm;
  update: (fn: (form: CollectionForm) => CollectionForm) => void;
  collections: Collection[];
}

export const EditorContext = createContext<EditorContextValue | null>(null);

export function useEditor(): EditorContextValue {
  const ctx = useContext(EditorContext);
  if (!ctx) throw new Error("useEditor outside the collection editor");
  return ctx;
}
