import { useEffect, useRef, useState } from "react";
import { EditorContent, useEditor, type Editor } from "@tiptap/react";
import { NodeSelection } from "@tiptap/pm/state";
import { registerShortcut } from "../../../lib/shortcuts";
import type { Collection } from "../../../data/collections/types";
import { FilePickerDialog } from "../pickers/FilePickerDialog";
import { richEditorExtensions } from "./richEditorExtensions";
import { editorValue } from "./richEditorHtml";
import { RichEditorToolbar } from "./RichEditorToolbar";

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

export interface TextRange {
  from: number;
  to: number;
}

/**
 * The editor's selection as the page has it: ProseMirror takes a selection made with the keyboard
 * (Shift+arrows) from the page's selectionchange event, which may not have run yet.
 */
function selectedRange(editor: Editor): TextRange {
  const { view } = editor;
  const dom = window.getSelection();
  if (dom?.rangeCount && view.dom.contains(dom.anchorNode)) {
    const r = dom.getRangeAt(0);
    try {
      return { from: view.posAtDOM(r.startContainer, r.startOffset), to: view.posAtDOM(r.endContainer, r.endOffset) };
    } catch {
      // a position ProseMirror does not map: its own selection below
    }
  }
  return { from: editor.state.selection.from, to: editor.state.selection.to };
}

/**
 * Links the text of range (the selection when the link form opened: the form's input has the
 * focus meanwhile) to href, or inserts href as a link there when the range is empty.
 */
export function applyLink(editor: Editor, href: string, range: TextRange = editor.state.selection): void {
  if (!href) return;
  const chain = editor.chain().focus().setTextSelection(range);
  if (range.from === range.to) chain.insertContent({ type: "text", text: href, marks: [{ type: "link", attrs: { href } }] }).run();
  else chain.extendMarkRange("link").setLink({ href }).run();
}

/** The editor field's rich text editor: a small toolbar, an image insert through the file picker. */
export default function RichEditor({ id, label, describedBy, value, onChange, collections }: RichEditorProps) {
  const [pickerOpen, setPickerOpen] = useState(0);
  const [source, setSource] = useState(false);
  const [fullscreen, setFullscreen] = useState(false);
  const fullscreenRef = useRef(fullscreen);
  fullscreenRef.current = fullscreen;
  // the link address being typed (the Link button or Ctrl/Cmd+K), null while no link form shows
  const [linkDraft, setLinkDraft] = useState<string | null>(null);
  const latest = useRef(onChange);
  latest.current = onChange;
  const linkRange = useRef<TextRange>({ from: 0, to: 0 });
  const editorRef = useRef<Editor | null>(null);
  const openLink = useRef(() => {
    const ed = editorRef.current;
    linkRange.current = ed ? selectedRange(ed) : { from: 0, to: 0 };
    setLinkDraft("https://");
  });
  const editor = useEditor({
    extensions: richEditorExtensions,
    content: value,
    immediatelyRender: true,
    editorProps: {
      attributes: { id, role: "textbox", "aria-multiline": "true", "aria-label": label, ...(describedBy ? { "aria-describedby": describedBy } : {}), class: "rich-editor-content" },
      handleKeyDown: (_view, e) => {
        // ProseMirror swallows Escape (prevents its default), so the registry below never sees it from the text
        if (e.key === "Escape" && fullscreenRef.current) {
          setFullscreen(false);
          return true;
        }
        if (!((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === "k")) return false;
        openLink.current();
        return true;
      },
    },
    onUpdate: ({ editor: ed }) => latest.current(editorValue(ed)),
  });

  editorRef.current = editor;

  // a value set from outside (draft restore, reload) replaces the content
  useEffect(() => {
    // tiptap may hand out an instance it is about to replace: never touch a destroyed one
    if (!editor || editor.isDestroyed) return;
    if (value !== editorValue(editor)) editor.commands.setContent(value, { emitUpdate: false });
  }, [value, editor]);

  // Escape from the toolbar leaves full screen too; registered after the record panel's, it runs before it
  useEffect(() => {
    if (!fullscreen) return;
    return registerShortcut({ key: "Escape", allowInInputs: true, description: "Leave full screen", handler: () => (setFullscreen(false), true) });
  }, [fullscreen]);

  const closeLink = () => {
    setLinkDraft(null);
    editor?.commands.focus();
  };
  const submitLink = () => {
    if (editor && linkDraft) applyLink(editor, linkDraft.trim(), linkRange.current);
    setLinkDraft(null);
  };
  // on a link the button removes it; elsewhere it asks for an address
  const toggleLink = () => {
    if (editor?.isActive("link")) editor.chain().focus().extendMarkRange("link").unsetLink().run();
    else openLink.current();
  };

  return (
    <div className={`rich-editor${fullscreen ? " rich-editor-fullscreen" : ""}`}>
      {editor && !editor.isDestroyed ? (
        <RichEditorToolbar
          editor={editor}
          label={label}
          onLink={toggleLink}
          onImage={() => setPickerOpen((n) => n + 1)}
          source={source}
          onSource={() => setSource((v) => !v)}
          fullscreen={fullscreen}
          onFullscreen={() => setFullscreen((v) => !v)}
        />
      ) : null}
      {linkDraft !== null ? (
        <div className="rich-editor-link" role="group" aria-label="Link">
          <input
            className="control control-sm"
            type="url"
            aria-label="Link address"
            value={linkDraft}
            autoFocus
            onChange={(e) => setLinkDraft(e.target.value)}
            onKeyDown={(e) => {
              // Enter applies (not the record form's submit), Escape goes back to the text
              if (e.key === "Enter") {
                e.preventDefault();
                submitLink();
              } else if (e.key === "Escape") {
                e.preventDefault();
                closeLink();
              }
            }}
          />
          <button type="button" className="btn btn-sm btn-secondary" onClick={submitLink}>
            Apply
          </button>
          <button type="button" className="btn btn-sm btn-transparent" onClick={closeLink}>
            Cancel
          </button>
        </div>
      ) : null}
      {/* The HTML itself, as PocketBase's source view: the editor takes it back on every change. */}
      {source ? <textarea className="rich-editor-source" aria-label={`${label} HTML source`} value={value} onChange={(e) => onChange(e.target.value)} spellCheck={false} /> : null}
      <EditorContent editor={editor} hidden={source} />
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
