import { describe, expect, it } from "vitest";
import { composeTitle } from "./title";

describe("composeTitle", () => {
  it("joins page title, app name and product name with ' - '", () => {
    expect(composeTitle("Logs", "Acme")).toBe("Logs - Acme - Cairn");
  });

  it("drops empty parts", () => {
    expect(composeTitle("", "Acme")).toBe("Acme - Cairn");
    expect(composeTitle("Logs", "")).toBe("Logs - Cairn");
    expect(composeTitle("", "")).toBe("Cairn");
    expect(composeTitle("  ", " ", "")).toBe("");
  });
});
