import { useEffect, useId, useState } from "react";
import { Avatar } from "../../components/Avatar";
import { Field } from "../../components/Field";
import { Icon } from "../../components/Icon";
import { OverlayPanel, useOverlayClose } from "../../components/OverlayPanel";
import { useDeleteAdmin } from "../../data/admins/deleteAdmin";
import { useSaveAdmin } from "../../data/admins/saveAdmin";
import type { AdminModel } from "../../lib/authState";
import { confirm } from "../../lib/confirm";
import { handleError } from "../../lib/errors";
import { clearFormErrors } from "../../lib/formErrors";
import { addSuccessToast } from "../../lib/toasts";
import { PASSWORD_HINT } from "../../lib/validation";
import {
  ADMIN_CREATED,
  ADMIN_DELETED,
  ADMIN_UPDATED,
  adminForm,
  adminPayload,
  AVATARS,
  canSaveAdmin,
  CONFIRM_CLOSE_UNSAVED,
  CONFIRM_DELETE_ADMIN,
  hasAdminChanges,
  validateAdmin,
  withPassword,
  type AdminForm,
} from "./adminsModel";
import { BusyButton } from "../../components/BusyButton";

export interface AdminPanelProps {
  open: boolean;
  /** null: a new admin. */
  admin: AdminModel | null;
  onClose: () => void;
}

function Footer({ formId, canSave, saving, isNew }: { formId: string; canSave: boolean; saving: boolean; isNew: boolean }) {
  const close = useOverlayClose();
  return (
    <>
      <button type="button" className="btn btn-transparent" disabled={saving} onClick={close}>
        Cancel
      </button>
      <BusyButton className="btn btn-primary" busy={saving} type="submit" form={formId} disabled={!canSave}>
        {isNew ? "Create" : "Save changes"}
      </BusyButton>
    </>
  );
}

/** New or edit admin: email, avatar, password (behind 'Change password' when editing), delete. */
export function AdminPanel({ open, admin, onClose }: AdminPanelProps) {
  const formId = useId();
  const save = useSaveAdmin();
  const remove = useDeleteAdmin();
  const [form, setForm] = useState<AdminForm>(adminForm(admin));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const isNew = !admin;

  useEffect(() => {
    if (!open) return;
    setForm(adminForm(admin));
    setErrors({});
    clearFormErrors();
  }, [open, admin]);

  const set = <K extends keyof AdminForm>(k: K, v: AdminForm[K]) => {
    setForm((f) => ({ ...f, [k]: v }));
    setErrors((e) => ({ ...e, [k]: "" }));
  };

  const canSave = canSaveAdmin(admin, form);

  const beforeHide = () => {
    if (save.isPending || remove.isPending) return false;
    if (!hasAdminChanges(admin, form)) return true;
    // Yes closes directly (onClose bypasses this guard).
    confirm(CONFIRM_CLOSE_UNSAVED, onClose);
    return false;
  };

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!canSave || save.isPending) return;
    const found = validateAdmin(isNew, form);
    setErrors(found);
    if (Object.keys(found).length) return;
    save.mutate(
      { id: admin?.id, data: adminPayload(isNew, form) },
      {
        onSuccess: () => {
          addSuccessToast(isNew ? ADMIN_CREATED : ADMIN_UPDATED);
          onClose();
        },
        onError: (err) => handleError(err),
      },
    );
  };

  const onDelete = () => {
    if (!admin) return;
    confirm(CONFIRM_DELETE_ADMIN, async () => {
      try {
        await remove.mutateAsync(admin.id);
        addSuccessToast(ADMIN_DELETED);
        onClose();
      } catch (err) {
        handleError(err);
      }
    });
  };

  return (
    <OverlayPanel
      open={open}
      onClose={onClose}
      beforeHide={beforeHide}
      title={isNew ? "New admin" : "Edit admin"}
      size="md"
      className="admin-panel"
      headerActions={
        admin ? (
          <button type="button" className="btn btn-transparent btn-sm admin-delete" onClick={onDelete} disabled={remove.isPending}>
            <Icon name="error" size={16} />
            Delete
          </button>
        ) : null
      }
      footer={<Footer formId={formId} canSave={canSave} saving={save.isPending} isNew={isNew} />}
    >
      <form id={formId} className="form" noValidate onSubmit={submit} aria-label={isNew ? "New admin" : "Edit admin"}>
        {admin ? (
          <Field name="id" label="ID">
            {(p) => <input {...p} type="text" readOnly value={admin.id} />}
          </Field>
        ) : null}
        <fieldset className="choice-list">
          <legend>Avatar</legend>
          <div className="avatar-choices">
            {AVATARS.map((n) => (
              <label key={n} className={`avatar-choice${form.avatar === n ? " selected" : ""}`}>
                <input type="radio" name="avatar" className="visually-hidden" checked={form.avatar === n} onChange={() => set("avatar", n)} aria-label={`Avatar ${n + 1}`} />
                <Avatar value={n} size={40} />
              </label>
            ))}
          </div>
        </fieldset>
        <Field name="email" label="Email" required error={errors.email}>
          {(p) => <input {...p} type="email" required autoComplete="off" value={form.email} onChange={(e) => set("email", e.target.value)} />}
        </Field>
        {admin ? (
          <Field name="changePassword" label="Change password" inline>
            {(p) => <input {...p} type="checkbox" role="switch" className="switch" checked={form.changePassword} onChange={(e) => set("changePassword", e.target.checked)} />}
          </Field>
        ) : null}
        {withPassword(isNew, form) ? (
          <div className="settings-grid">
            <Field name="password" label="Password" required error={errors.password} hint={PASSWORD_HINT}>
              {(p) => <input {...p} type="password" required autoComplete="new-password" value={form.password} onChange={(e) => set("password", e.target.value)} />}
            </Field>
            <Field name="passwordConfirm" label="Password confirm" required error={errors.passwordConfirm}>
              {(p) => <input {...p} type="password" required autoComplete="new-password" value={form.passwordConfirm} onChange={(e) => set("passwordConfirm", e.target.value)} />}
            </Field>
          </div>
        ) : null}
      </form>
    </OverlayPanel>
  );
}
