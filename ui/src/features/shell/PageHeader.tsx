import type { ReactNode } from "react";

export function PageHeader({ title, breadcrumb, children }: { title: string; breadcrumb?: string; children?: ReactNode }) {
  return (
    <header className="page-header">
      <nav aria-label="Breadcrumb" className="breadcrumbs">
        <ol>
          {breadcrumb ? <li className="breadcrumb-item">{breadcrumb}</li> : null}
          <li className="breadcrumb-item" aria-current="page">
            <h1 className="page-title">{title}</h1>
          </li>
        </ol>
      </nav>
      {children ? <div className="page-header-actions">{children}</div> : null}
    </header>
  );
}
