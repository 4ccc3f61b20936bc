import type { ReactNode } from "react";

/**
 * A form submitted by Enter or by a footer button pointing at its id (form={id}); the browser's
 * own validation popups stay off so the app's messages show instead.
 */
export function SubmitForm({ id, className = "form", onSubmit, children }: { id: string; className?: string; onSubmit: () => void; children: ReactNode }) {
  return (
    <form
      id={id}
      className={className}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      {children}
    </form>
  );
}
