import { useEffect, useRef, useState } from "react";
import { EditorContent, useEditor, type Editor } from "@tiptap/react";
import { NodeSelection } from "@tiptap/pm/state";
import StarterKit from "@tiptap/starter-kit";
import Image from "@tiptap/extension-image";
import type { Collection } from "../../../data/collections/types";
import { FilePickerDialog } from "../pickers/FilePickerDialog";

export interface RichEditorProps {
  id: string;
  label: string;
  describedBy?: string;
  value: string;
  onChange: (html: string) => void;
  collections: Collection[];
  convertUrls?: boolean;
}

/**
 * Inserts an image at the cursor, then puts the cursor on a new line after it: left selected,
 * the image would be replaced by the next one inserted.
 */
export function insertImage(editor: Editor, src: string, alt: string): void {
  editor.chain().focus().setImage({ src, alt }).run();
  if (editor.state.selection instanceof NodeSelection) editor.commands.createParagraphNear();
}

/** tiptap's empty document; stored as "" so an untouched field stays unchanged. */
const EMPTY_DOC = "<p></p>";

/** The editor field's rich text editor: a small toolbar, an image insert through the file picker. */
export default function RichEditor({ id, label, describedBy, value, onChange, collections }: RichEditorProps) {
  const [pickerOpen, setPickerOpen] = useState(0);
  const latest = useRef(onChange);
  latest.current = onChange;
  const editor = useEditor({
    extensions: [StarterKit, Image],
    content: value,
    immediatelyRender: true,
    editorProps: {
      attributes: { id, role: "textbox", "aria-multiline": "true", "aria-label": label, ...(describedBy ? { "aria-describedby": describedBy } : {}), class: "rich-editor-content" },
    },
    onUpdate: ({ editor: ed }) => {
      const html = ed.getHTML();
      latest.current(html === EMPTY_DOC ? "" : html);
    },
  });

  // a value set from outside (draft restore, reload) replaces the content
  useEffect(() => {
    // tiptap may hand out an instance it is about to replace: never touch a destroyed one
    if (!editor || editor.isDestroyed) return;
    const current = editor.getHTML();
    if (value !== current && !(value === "" && current === EMPTY_DOC)) editor.commands.setContent(value, { emitUpdate: false });
  }, [value, editor]);

  const btn = (name: string, active: boolean, run: () => void, text: string) => (
    <button type="button" className={`rich-editor-btn${active ? " active" : ""}`} aria-pressed={active} aria-label={name} title={name} onMouseDown={(e) => e.preventDefault()} onClick={run}>
      {text}
    </button>
  );

  return (
    <div className="rich-editor">
      {editor && !editor.isDestroyed ? (
        <div className="rich-editor-toolbar" role="toolbar" aria-label={`${label} formatting`}>
          {btn("Bold", editor.isActive("bold"), () => editor.chain().focus().toggleBold().run(), "B")}
          {btn("Italic", editor.isActive("italic"), () => editor.chain().focus().toggleItalic().run(), "I")}
          {btn("Heading", editor.isActive("heading", { level: 2 }), () => editor.chain().focus().toggleHeading({ level: 2 }).run(), "H")}
          {btn("Bullet list", editor.isActive("bulletList"), () => editor.chain().focus().toggleBulletList().run(), "•")}
          {btn("Numbered list", editor.isActive("orderedList"), () => editor.chain().focus().toggleOrderedList().run(), "1.")}
          {btn("Code block", editor.isActive("codeBlock"), () => editor.chain().focus().toggleCodeBlock().run(), "{}")}
          {btn("Insert image", false, () => setPickerOpen((n) => n + 1), "Image")}
        </div>
      ) : null}
      <EditorContent editor={editor} />
      {pickerOpen > 0 ? (
        <FilePickerDialog
          key={pickerOpen}
          open
          collections={collections}
          onClose={() => setPickerOpen(0)}
          onSubmit={(file) => {
            if (editor) insertImage(editor, file.url, file.name);
            setPickerOpen(0);
          }}
        />
      ) : null}
    </div>
  );
}
