import { usePageTitle } from "../../lib/title";
import { PublicCard } from "./PublicCard";

export function NotFoundPage() {
  usePageTitle("Page not found");
  return (
    <PublicCard title="Page not found">
      <p className="txt-hint txt-center">There is nothing at this address. It may have moved, or the link may be mistyped.</p>
      <a href="#/" className="btn btn-primary btn-block">
        Back to the dashboard
      </a>
    </PublicCard>
  );
}
