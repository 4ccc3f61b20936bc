import { useEffect, useState } from "react";
import { useStore } from "../lib/store";
import { removeToast, toastsStore, TOAST_ANIMATION_MS, type Toast } from "../lib/toasts";
import { Icon } from "./Icon";

function ToastItem({ toast }: { toast: Toast }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const id = requestAnimationFrame(() => setShown(true));
    return () => cancelAnimationFrame(id);
  }, []);
  return (
    <div
      className={`toast toast-${toast.type}${shown ? " shown" : ""}`}
      role={toast.type === "error" || toast.type === "warning" ? "alert" : "status"}
      style={{ transitionDuration: `${TOAST_ANIMATION_MS}ms` }}
    >
      <Icon name={toast.type === "warning" ? "alert" : toast.type} className="toast-icon" />
      <div className="toast-message">{toast.message}</div>
      <button type="button" className="btn-icon btn-sm toast-close" aria-label="Dismiss notification" onClick={() => removeToast(toast.message)}>
        <Icon name="close" size={16} />
      </button>
    </div>
  );
}

/** Toast stack; one entry per distinct message. */
export function Toasts() {
  const toasts = useStore(toastsStore);
  return (
    <section className="toasts" aria-label="Notifications">
      {toasts.map((t) => (
        <ToastItem key={t.message} toast={t} />
      ))}
    </section>
  );
}
