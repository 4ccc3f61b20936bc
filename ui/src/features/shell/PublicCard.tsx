import type { ReactNode } from "react";
import { Logo } from "./Logo";

/** The centred card used by sign-in, installer and public pages. */
export function PublicCard({ title, children, wide }: { title: ReactNode; children: ReactNode; wide?: boolean }) {
  return (
    <div className={`public-card${wide ? " public-card-wide" : ""}`}>
      <div className="public-card-brand">
        <Logo size={40} />
        <span className="public-card-brand-name">Cairn</span>
      </div>
      <h1 className="public-card-title">{title}</h1>
      {children}
    </div>
  );
}
