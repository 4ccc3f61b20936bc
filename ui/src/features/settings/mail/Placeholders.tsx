import { copyText } from "../../../lib/clipboard";
import { addInfoToast } from "../../../lib/toasts";

/** How long the 'Copied ...' message shows. */
export const PLACEHOLDER_COPIED_MS = 2000;

export const copiedMessage = (placeholder: string) => `Copied ${placeholder} to clipboard`;

export const SUBJECT_PLACEHOLDERS = ["{APP_NAME}", "{APP_URL}"];
export const ACTION_URL_PLACEHOLDERS = [...SUBJECT_PLACEHOLDERS, "{TOKEN}"];
export const BODY_PLACEHOLDERS = [...SUBJECT_PLACEHOLDERS, "{TOKEN}", "{ACTION_URL}"];
/** The one-time code mail has the code and its id instead of a link. */
export const OTP_SUBJECT_PLACEHOLDERS = [...SUBJECT_PLACEHOLDERS, "{OTP}"];
export const OTP_BODY_PLACEHOLDERS = [...SUBJECT_PLACEHOLDERS, "{OTP}", "{OTP_ID}"];

/** 'Placeholders:' followed by buttons that copy each placeholder. */
export function Placeholders({ items }: { items: string[] }) {
  return (
    <span className="placeholders">
      Placeholders:
      {items.map((p) => (
        <button
          key={p}
          type="button"
          className="placeholder-btn"
          aria-label={`Copy ${p}`}
          onClick={async () => {
            if (await copyText(p)) addInfoToast(copiedMessage(p), PLACEHOLDER_COPIED_MS);
          }}
        >
          {p}
        </button>
      ))}
    </span>
  );
}
