import "./settings.css";
import type { ReactNode } from "react";
import { Spinner } from "../../components/Spinner";
import { useHashLocation } from "../../lib/router";
import { usePageTitle } from "../../lib/title";
import { PageHeader } from "../shell/PageHeader";
import { SettingsSidebar } from "./SettingsSidebar";

export interface SettingsLayoutProps {
  title: string;
  /** Controls in the header after the title (refresh, new). */
  actions?: ReactNode;
  /** Shows the page loader instead of the content. */
  loading?: boolean;
  children: ReactNode;
  className?: string;
}

/** A settings screen: the settings sidebar, the breadcrumb 'Settings' / title, then the content. */
export function SettingsLayout({ title, actions, loading, children, className = "" }: SettingsLayoutProps) {
  usePageTitle(title);
  const { path } = useHashLocation();
  return (
    <div className={`settings-page ${className}`.trim()}>
      <SettingsSidebar path={path} />
      <div className="settings-content">
        <div className="page">
          <PageHeader title={title} breadcrumb="Settings">
            {actions}
          </PageHeader>
          {loading ? (
            <div className="settings-panel settings-loader">
              <Spinner label="Loading settings..." />
            </div>
          ) : (
            children
          )}
        </div>
      </div>
    </div>
  );
}
