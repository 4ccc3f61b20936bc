import type { ReactNode } from "react";
import { ThemeToggle } from "./ThemeToggle";
import { Footer } from "./Footer";

/** Full-page layout without the sidebar (sign-in, installer, public pages, not-found). */
export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <div className="public-layout">
      <div className="public-topbar">
        <ThemeToggle position="left" />
      </div>
      <main id="main-content" className="public-main" tabIndex={-1}>
        {children}
      </main>
      <Footer />
    </div>
  );
}
