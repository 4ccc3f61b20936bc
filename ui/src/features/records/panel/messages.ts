/** Every message of the record panel (spec wording). */
export const CREATED = "Successfully created record.";
export const UPDATED = "Successfully updated record.";
export const UPLOAD_CANCELLED = "The upload was cancelled.";
export const DELETED = "Successfully deleted record.";
export const CONFIRM_DELETE = "Do you really want to delete the selected record?";
export const CONFIRM_CLOSE = "You have unsaved changes. Do you really want to close the panel?";
export const CONFIRM_DISCARD = "You have unsaved changes. Do you really want to discard them?";
export const DRAFT_BANNER = "The record has previous unsaved changes.";
export const LIVE_UPDATED = "This record was changed elsewhere since it was loaded. Reload to see the latest values (your unsaved edits will be lost).";
export const LIVE_DELETED = "This record was deleted elsewhere.";
export const unableToLoad = (id: string) => `Unable to load record with id "${id}"`;
export const verificationSent = (email: string) => `Successfully sent verification email to ${email}.`;
export const resetSent = (email: string) => `Successfully sent password reset email to ${email}.`;
export const confirmSendVerification = (email: string) => `Do you really want to send a verification email to ${email}?`;
export const confirmSendReset = (email: string) => `Do you really want to send a password reset email to ${email}?`;
