import type { ReactNode } from "react";
import { Sidebar } from "./Sidebar";
import { Footer } from "./Footer";

export function AppLayout({ path, children }: { path: string; children: ReactNode }) {
  return (
    <div className="app-layout">
      <a href="#main-content" className="skip-link" onClick={(e) => {
        e.preventDefault();
        document.getElementById("main-content")?.focus();
      }}>
        Skip to content
      </a>
      <Sidebar path={path} />
      <div className="app-body">
        <main id="main-content" className="app-main" tabIndex={-1}>
          {children}
        </main>
        <Footer />
      </div>
    </div>
  );
}
