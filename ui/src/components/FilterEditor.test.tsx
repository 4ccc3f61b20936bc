import { describe, expect, it } from "vitest";
import { render } from "@testing-library/react";
import FilterEditor from "./FilterEditor";

describe("filter editor", () => {
  it("colours a filter's strings, numbers, literals, macros and operators", async () => {
    const { container } = render(<FilterEditor value={`title ~ "a b" && views >= 10 || ok = true && owner = @request.auth.id`} onChange={() => {}} onSubmit={() => {}} label="Filter" completions={[]} />);
    const text = (cls: string) => Array.from(container.querySelectorAll(`.${cls}`)).map((e) => e.textContent);
    expect(text("tok-string")).toEqual(['"a b"']);
    expect(text("tok-number")).toEqual(["10"]);
    expect(text("tok-atom")).toEqual(["true"]);
    expect(text("tok-variableName2")).toEqual(["@request.auth.id"]);
    expect(text("tok-operator")).toEqual(["~", "&&", ">=", "||", "=", "&&", "="]);
  });
});
