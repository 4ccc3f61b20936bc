import type { Editor } from "@tiptap/core";

/** tiptap's empty document; stored as "" so an untouched field stays unchanged. */
export const EMPTY_DOC = "<p></p>";

/**
 * `<li><p>text</p></li>` back to `<li>text</li>`: tiptap's list items hold paragraphs, while
 * PocketBase's editor stores list items without them. Only an item whose whole content is one
 * plain paragraph is unwrapped, so an edit changes no more of a stored value than the user did.
 */
export function compactListItems(html: string): string {
  if (!html.includes("<li><p>")) return html;
  const tpl = document.createElement("template");
  tpl.innerHTML = html;
  for (const li of tpl.content.querySelectorAll("li")) {
    const only = li.firstElementChild;
    if (li.childNodes.length !== 1 || only?.tagName !== "P" || only.attributes.length) continue;
    li.replaceChildren(...only.childNodes);
  }
  return tpl.innerHTML;
}

/** The editor's value as stored: "" when empty, list items as PocketBase writes them. */
export function editorValue(editor: Editor): string {
  const html = editor.getHTML();
  return html === EMPTY_DOC ? "" : compactListItems(html);
}
