import type { Editor } from "@tiptap/react";

export interface RichEditorToolbarProps {
  editor: Editor;
  label: string;
  onLink: () => void;
  onImage: () => void;
  source: boolean;
  onSource: () => void;
  fullscreen: boolean;
  onFullscreen: () => void;
}

const ALIGNMENTS = [
  ["left", "Align left", "⇤"],
  ["center", "Align center", "↔"],
  ["right", "Align right", "⇥"],
  ["justify", "Justify", "≡"],
] as const;

/**
 * The rich text editor's toolbar: what PocketBase's editor offers — text styles, lists, links,
 * images, alignment, text and background colours, tables, the HTML source and full screen.
 */
export function RichEditorToolbar({ editor, label, onLink, onImage, source, onSource, fullscreen, onFullscreen }: RichEditorToolbarProps) {
  const chain = () => editor.chain().focus();
  const btn = (name: string, active: boolean, run: () => void, text: string, disabled = false) => (
    <button type="button" className={`rich-editor-btn${active ? " active" : ""}`} aria-pressed={active} aria-label={name} title={name} disabled={disabled} onMouseDown={(e) => e.preventDefault()} onClick={run}>
      {text}
    </button>
  );
  const colour = (name: string, apply: (value: string) => void) => (
    <label className="rich-editor-color" title={name}>
      <input type="color" aria-label={name} disabled={source} onChange={(e) => apply(e.target.value)} />
    </label>
  );
  const inTable = editor.isActive("table");
  // the source view edits the HTML itself: formatting buttons wait until it is closed
  const off = source;
  return (
    <div className="rich-editor-toolbar" role="toolbar" aria-label={`${label} formatting`}>
      {btn("Bold", editor.isActive("bold"), () => chain().toggleBold().run(), "B", off)}
      {btn("Italic", editor.isActive("italic"), () => chain().toggleItalic().run(), "I", off)}
      {btn("Heading", editor.isActive("heading", { level: 2 }), () => chain().toggleHeading({ level: 2 }).run(), "H", off)}
      {btn("Bullet list", editor.isActive("bulletList"), () => chain().toggleBulletList().run(), "•", off)}
      {btn("Numbered list", editor.isActive("orderedList"), () => chain().toggleOrderedList().run(), "1.", off)}
      {btn("Code block", editor.isActive("codeBlock"), () => chain().toggleCodeBlock().run(), "{}", off)}
      {ALIGNMENTS.map(([value, name, text]) => btn(name, editor.isActive({ textAlign: value }), () => chain().setTextAlign(value).run(), text, off))}
      {colour("Text color", (v) => chain().setColor(v).run())}
      {colour("Background color", (v) => chain().setBackgroundColor(v).run())}
      {btn(editor.isActive("link") ? "Remove link" : "Link", editor.isActive("link"), onLink, "Link", off)}
      {btn("Insert image", false, onImage, "Image", off)}
      {btn("Insert table", false, () => chain().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run(), "Table", off || inTable)}
      {inTable ? (
        <>
          {btn("Add row", false, () => chain().addRowAfter().run(), "+Row", off)}
          {btn("Add column", false, () => chain().addColumnAfter().run(), "+Col", off)}
          {btn("Delete table", false, () => chain().deleteTable().run(), "−Table", off)}
        </>
      ) : null}
      {btn("Source code", source, onSource, "</>")}
      {btn(fullscreen ? "Exit fullscreen" : "Fullscreen", fullscreen, onFullscreen, "⛶")}
    </div>
  );
}
