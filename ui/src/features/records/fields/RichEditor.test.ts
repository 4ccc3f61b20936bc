import { describe, expect, it } from "vitest";
import { Editor } from "@tiptap/core";
import StarterKit from "@tiptap/starter-kit";
import Image from "@tiptap/extension-image";
import { insertImage } from "./RichEditor";

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
