import { lazy, Suspense, type ReactNode } from "react";
import { Sidebar } from "./Sidebar";
import { Footer } from "./Footer";

// Its own chunk: the sign-in page's bundle carries none of the palette.
const PaletteHost = lazy(() => import("../palette/PaletteHost"));

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
      <Suspense fallback={null}>
        <PaletteHost />
      </Suspense>
    </div>
  );
}
