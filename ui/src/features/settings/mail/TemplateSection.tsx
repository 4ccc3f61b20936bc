import { Field } from "../../../components/Field";
import { Icon } from "../../../components/Icon";
import { Tooltip } from "../../../components/Tooltip";
import { Accordion } from "../Accordion";
import type { MailTemplate, OTP_TEMPLATE_KEY, TemplateKey } from "../settingsValidation";
import { ACTION_URL_PLACEHOLDERS, BODY_PLACEHOLDERS, Placeholders, SUBJECT_PLACEHOLDERS } from "./Placeholders";

export interface TemplateSectionProps {
  templateKey: TemplateKey | typeof OTP_TEMPLATE_KEY;
  title: string;
  value: MailTemplate;
  errors: Record<string, string>;
  hasErrors: boolean;
  onChange: (field: keyof MailTemplate, value: string) => void;
  /** A template without a link (the OTP mail) has no Action URL field and its own placeholders. */
  placeholders?: { subject: string[]; body: string[] };
}

/** One collapsible default email template: subject, action URL and HTML body. */
export function TemplateSection({ templateKey, title, value, errors, hasErrors, onChange, placeholders }: TemplateSectionProps) {
  const name = (f: string) => `meta.${templateKey}.${f}`;
  return (
    <Accordion
      title={title}
      icon={<Icon name="mail" size={16} />}
      extra={
        hasErrors ? (
          <Tooltip text="Has errors">
            <span className="has-errors-icon" role="img" aria-label="Has errors">
              <Icon name="alert" size={16} />
            </span>
          </Tooltip>
        ) : null
      }
    >
      <Field name={name("subject")} label="Subject" required error={errors[name("subject")]} hint={<Placeholders items={placeholders?.subject ?? SUBJECT_PLACEHOLDERS} />}>
        {(p) => <input {...p} type="text" required value={value.subject ?? ""} onChange={(e) => onChange("subject", e.target.value)} />}
      </Field>
      {placeholders ? null : (
        <Field name={name("actionUrl")} label="Action URL" required error={errors[name("actionUrl")]} hint={<Placeholders items={ACTION_URL_PLACEHOLDERS} />}>
          {(p) => <input {...p} type="text" required spellCheck={false} value={value.actionUrl ?? ""} onChange={(e) => onChange("actionUrl", e.target.value)} />}
        </Field>
      )}
      <Field name={name("body")} label="Body (HTML)" required error={errors[name("body")]} hint={<Placeholders items={placeholders?.body ?? BODY_PLACEHOLDERS} />}>
        {(p) => <textarea {...p} className="settings-code" required spellCheck={false} value={value.body ?? ""} onChange={(e) => onChange("body", e.target.value)} />}
      </Field>
    </Accordion>
  );
}
