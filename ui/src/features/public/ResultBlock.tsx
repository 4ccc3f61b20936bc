import type { ReactNode } from "react";
import { Icon } from "../../components/Icon";

export function ResultBlock({ ok, title, children }: { ok: boolean; title: string; children?: ReactNode }) {
  return (
    <div className="result-block" role={ok ? "status" : "alert"}>
      <div className={`result-icon ${ok ? "result-icon-success" : "result-icon-danger"}`}>
        <Icon name={ok ? "success" : "error"} size={30} />
      </div>
      <h2 className="result-title">{title}</h2>
      {children}
    </div>
  );
}
