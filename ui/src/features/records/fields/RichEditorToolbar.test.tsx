import { describe, expect, it, vi } from "vitest";
import { fireEvent, render, screen } from "@testing-library/react";
import { Editor } from "@tiptap/react";
import { richEditorExtensions } from "./richEditorExtensions";
import { RichEditorToolbar } from "./RichEditorToolbar";

function setup(content: string) {
  const editor = new Editor({ extensions: richEditorExtensions, content });
  editor.commands.selectAll();
  const props = { onLink: vi.fn(), onImage: vi.fn(), onSource: vi.fn(), onFullscreen: vi.fn() };
  const view = render(<RichEditorToolbar editor={editor} label="body" source={false} fullscreen={false} {...props} />);
  return { editor, props, rerender: () => view.rerender(<RichEditorToolbar editor={editor} label="body" source={false} fullscreen={false} {...props} />) };
}

describe("rich text editor toolbar", () => {
  it("offers what PocketBase's editor does: alignment, colours, tables, the source and full screen", () => {
    const { editor, props } = setup("<p>Hello</p>");
    fireEvent.click(screen.getByRole("button", { name: "Align center" }));
    expect(editor.getHTML()).toContain('style="text-align: center;"');

    editor.commands.selectAll();
    fireEvent.change(screen.getByLabelText("Text color"), { target: { value: "#e03e2d" } });
    expect(editor.getHTML()).toContain('<span style="color: rgb(224, 62, 45);">Hello</span>');
    editor.commands.selectAll();
    fireEvent.change(screen.getByLabelText("Background color"), { target: { value: "#fbeeb8" } });
    expect(editor.getHTML()).toContain("background-color: rgb(251, 238, 184)");

    editor.commands.focus("end");
    fireEvent.click(screen.getByRole("button", { name: "Insert table" }));
    expect(editor.getHTML()).toMatch(/<table[\s\S]*<th[\s\S]*<\/table>/);

    fireEvent.click(screen.getByRole("button", { name: "Source code" }));
    expect(props.onSource).toHaveBeenCalledOnce();
    fireEvent.click(screen.getByRole("button", { name: "Fullscreen" }));
    expect(props.onFullscreen).toHaveBeenCalledOnce();
    editor.destroy();
  });

  it("edits a table the cursor is in: rows, columns, delete", () => {
    const { editor, rerender } = setup("<table><tbody><tr><th>a</th></tr><tr><td>b</td></tr></tbody></table>");
    editor.commands.setTextSelection(3);
    rerender();
    fireEvent.click(screen.getByRole("button", { name: "Add column" }));
    expect(editor.getHTML().match(/<th/g)?.length).toBe(2);
    fireEvent.click(screen.getByRole("button", { name: "Delete table" }));
    expect(editor.getHTML()).not.toContain("<table");
    editor.destroy();
  });
});
