import { describe, expect, it } from "vitest";
import { render } from "@testing-library/react";
import { siGithub } from "simple-icons";
import { ProviderLogo } from "./ProviderLogo";
import { PROVIDERS } from "./providers";

const def = (key: string) => PROVIDERS.find((p) => p.key === key)!;

describe("ProviderLogo", () => {
  it("draws the provider's logo, not its initials", () => {
    const { container } = render(<ProviderLogo def={def("githubAuth")} />);
    expect(container.querySelector("svg path")?.getAttribute("d")).toBe(siGithub.path);
    expect(container.textContent).toBe("");
    expect(container.firstElementChild).toHaveAttribute("aria-hidden", "true");
  });

  it("keeps a letter tile for providers the logo set lacks", () => {
    const { container } = render(<ProviderLogo def={def("microsoftAuth")} />);
    expect(container.querySelector("svg")).toBeNull();
    expect(container.textContent).toBe("M");
  });

  it("has a logo for every provider but Microsoft, Yandex, mailcow and Planning Center", () => {
    const tiles = PROVIDERS.filter((p) => !render(<ProviderLogo def={p} />).container.querySelector("svg")).map((p) => p.key);
    expect(tiles).toEqual(["microsoftAuth", "yandexAuth", "mailcowAuth", "planningcenterAuth"]);
  });
});
