import { describe, expect, it } from "vitest";
import { Editor } from "@tiptap/core";
import { applyLink, insertImage } from "./RichEditor";
import { richEditorExtensions } from "./richEditorExtensions";
import { editorValue } from "./richEditorHtml";

describe("insertImage", () => {
  it("keeps an image inserted before when another one follows it", () => {
    const editor = new Editor({ extensions: richEditorExtensions, content: "<p>Intro text</p>" });
    editor.commands.focus("end");
    insertImage(editor, "/api/files/c/r/a.png", "a.png");
    insertImage(editor, "/api/files/c/r/b.png", "b.png");
    const html = editor.getHTML();
    expect(html).toContain("Intro text");
    expect(html).toContain('src="/api/files/c/r/a.png"');
    expect(html).toContain('src="/api/files/c/r/b.png"');
    expect(html.indexOf("a.png")).toBeLessThan(html.indexOf("b.png"));
    editor.destroy();
  });
});

describe("applyLink", () => {
  it("links the selected text, or inserts the address as a link at the cursor", () => {
    const editor = new Editor({ extensions: richEditorExtensions, content: "<p>see click here now</p>" });
    // "click here" is at 5..15 of the paragraph's text, which starts at 1
    editor.commands.setTextSelection({ from: 5, to: 15 });
    applyLink(editor, "https://example.com/a");
    expect(editor.getHTML()).toContain('<a href="https://example.com/a">click here</a>');
    editor.commands.focus("end");
    applyLink(editor, "https://example.com/b");
    expect(editor.getHTML()).toMatch(/now<a [^>]*href="https:\/\/example.com\/b">https:\/\/example.com\/b<\/a>/);
    editor.destroy();
  });
});

describe("richEditorExtensions", () => {
  it("keeps the tables, colors and alignment PocketBase's editor writes through an edit", () => {
    // as TinyMCE (PocketBase's dashboard) saves them
    const stored =
      '<p style="text-align: center;">Centered <span style="color: rgb(224, 62, 45);">red</span> and <span style="background-color: rgb(251, 238, 184);">marked</span> <span style="font-size: 18pt;">big</span></p>' +
      '<table style="border-collapse: collapse; width: 100%;" border="1"><tbody><tr><th>Name</th><th>Qty</th></tr><tr><td>apples</td><td><strong>3</strong></td></tr></tbody></table>';
    const editor = new Editor({ extensions: richEditorExtensions, content: stored });
    editor.commands.focus("start");
    editor.commands.insertContent("Now: ");
    const html = editor.getHTML();
    const doc = new DOMParser().parseFromString(html, "text/html");
    expect(doc.querySelector("p")!.textContent).toMatch(/^Now: Centered red/);
    expect(doc.querySelector("p")!.style.textAlign).toBe("center");
    expect([...doc.querySelectorAll("span")].map((s) => s.getAttribute("style"))).toEqual(["color: rgb(224, 62, 45);", "background-color: rgb(251, 238, 184);", "font-size: 18pt;"]);
    const cells = [...doc.querySelectorAll("table tr")].map((tr) => [...tr.children].map((c) => `${c.tagName}:${c.textContent}`));
    expect(cells).toEqual([["TH:Name", "TH:Qty"], ["TD:apples", "TD:3"]]);
    expect(doc.querySelector("td strong")!.textContent).toBe("3");
    editor.destroy();
  });
});

describe("editorValue", () => {
  it("changes no more of a stored value than the edit did: list items, links and the end stay as PocketBase wrote them", () => {
    const stored = '<p>Hi</p><ul><li>one</li><li>two <strong>2</strong></li></ul><p>see <a href="https://example.com/x">x</a></p><ol><li>last</li></ol>';
    const editor = new Editor({ extensions: richEditorExtensions, content: stored });
    // the end of "Hi"
    editor.commands.setTextSelection(3);
    editor.commands.insertContent("!");
    expect(editorValue(editor)).toBe(stored.replace("<p>Hi</p>", "<p>Hi!</p>"));
    editor.destroy();
  });

  it("keeps a list item of several paragraphs as it is, and stores an empty editor as an empty string", () => {
    const editor = new Editor({ extensions: richEditorExtensions, content: "<ul><li><p>a</p><p>b</p></li></ul>" });
    expect(editorValue(editor)).toBe("<ul><li><p>a</p><p>b</p></li></ul>");
    editor.commands.setContent("");
    expect(editorValue(editor)).toBe("");
    editor.destroy();
  });
});
