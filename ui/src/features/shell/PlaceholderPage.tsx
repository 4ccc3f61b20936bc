import { usePageTitle } from "../../lib/title";
import { PageHeader } from "./PageHeader";

/** Stand-in for screens that later issues deliver (collections, settings). */
export function PlaceholderPage({ title, breadcrumb }: { title: string; breadcrumb?: string }) {
  usePageTitle(title);
  return (
    <div className="page">
      <PageHeader title={title} breadcrumb={breadcrumb} />
      <div className="placeholder-panel">
        <div className="placeholder-art" aria-hidden="true">
          <span />
          <span />
          <span />
        </div>
        <h2 className="placeholder-title">{title} is on its way</h2>
        <p className="txt-hint">This screen is being built. Request logs are available now.</p>
        <a href="#/logs" className="btn btn-secondary">
          Open logs
        </a>
      </div>
    </div>
  );
}
