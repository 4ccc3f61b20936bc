import { describe, expect, it } from "vitest";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { OTP_TEMPLATE_TITLE } from "./MailPage";
import { OTP_BODY_PLACEHOLDERS, OTP_SUBJECT_PLACEHOLDERS } from "./Placeholders";
import { TemplateSection } from "./TemplateSection";

describe("OTP email template section", () => {
  it("has no Action URL and offers the code's placeholders", async () => {
    const value = { subject: "OTP for {APP_NAME}", actionUrl: "", body: "<p>{OTP}</p>" };
    render(<TemplateSection templateKey="otpTemplate" title={OTP_TEMPLATE_TITLE} value={value} errors={{}} hasErrors={false} onChange={() => {}} placeholders={{ subject: OTP_SUBJECT_PLACEHOLDERS, body: OTP_BODY_PLACEHOLDERS }} />);
    await userEvent.click(screen.getByRole("button", { name: OTP_TEMPLATE_TITLE }));
    expect(screen.getByLabelText("Subject")).toHaveValue("OTP for {APP_NAME}");
    expect(screen.queryByLabelText("Action URL")).toBeNull();
    const body = screen.getByText("Body (HTML)").closest(".field") as HTMLElement;
    expect(within(body).getByRole("button", { name: "Copy {OTP}" })).toBeInTheDocument();
    expect(within(body).getByRole("button", { name: "Copy {OTP_ID}" })).toBeInTheDocument();
  });
});
