import { describe, expect, it } from "vitest";
import { Editor } from "@tiptap/core";
import StarterKit from "@tiptap/starter-kit";
import Image from "@tiptap/extension-image";
import { applyLink, insertImage } from "./RichEditor";

describe("insertImage", () => {
  it("keeps an image inserted before when another one follows it", () => {
    const editor = new Editor({ extensions: [StarterKit, Image], content: "<p>Intro text</p>" });
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
    const editor = new Editor({ extensions: [StarterKit, Image], content: "<p>see click here now</p>" });
    // "click here" is at 5..15 of the paragraph's text, which starts at 1
    editor.commands.setTextSelection({ from: 5, to: 15 });
    applyLink(editor, "https://example.com/a");
    expect(editor.getHTML()).toContain('<a target="_blank" rel="noopener noreferrer nofollow" href="https://example.com/a">click here</a>');
    editor.commands.focus("end");
    applyLink(editor, "https://example.com/b");
    expect(editor.getHTML()).toMatch(/now<a [^>]*href="https:\/\/example.com\/b">https:\/\/example.com\/b<\/a>/);
    editor.destroy();
  });
});
