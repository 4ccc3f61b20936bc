import { Icon, StrokeIcon, type IconName } from "../../components/Icon";
import { appInfoStore } from "../../lib/appInfo";
import { useStore } from "../../lib/store";

/** Icons only the settings sidebar uses. */
const EXTRA_ICONS = {
  home: "M4 11 12 4l8 7v9h-5v-6H9v6H4z",
  storage: "M4 7h16v4H4zm0 6h16v4H4zM7 9h.01M7 15h.01",
  archive: "M4 5h16v4H4zm1 4v10h14V9M10 13h4",
  key: "M14.5 9.5a4.5 4.5 0 1 1-3 4.2L4 21M7 18l2 2M9.5 15.5l2 2",
  clock: "M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Zm0-13v4.5l3 2",
  upload: "M12 20V9m0 0-4.5 4.5M12 9l4.5 4.5M5 5h14",
  download: "M12 4v11m0 0-4.5-4.5M12 15l4.5-4.5M5 19h14",
} as const;

export interface SettingsLink {
  to: string;
  label: string;
  icon: IconName | keyof typeof EXTRA_ICONS;
}

/** Every entry of the settings sidebar, in the spec's order. */
export const SETTINGS_LINKS: SettingsLink[] = [
  { to: "/settings", label: "Application", icon: "home" },
  { to: "/settings/mail", label: "Mail settings", icon: "mail" },
  { to: "/settings/storage", label: "Files storage", icon: "storage" },
  { to: "/settings/backups", label: "Backups", icon: "archive" },
  { to: "/settings/auth-providers", label: "Auth providers", icon: "lock" },
  { to: "/settings/tokens", label: "Token options", icon: "key" },
  { to: "/settings/admins", label: "Admins", icon: "users" },
];

/** The Sync group, hidden when the restricted-app flag (meta.hideControls) is on. */
export const SYNC_LINKS: SettingsLink[] = [
  { to: "/settings/export-collections", label: "Export collections", icon: "upload" },
  { to: "/settings/import-collections", label: "Import collections", icon: "download" },
];

/** The sidebar groups for the given restricted-app flag. */
export function settingsGroups(hideControls: boolean): { title: string; links: SettingsLink[] }[] {
  const groups = [{ title: "System", links: SETTINGS_LINKS }];
  if (!hideControls) groups.push({ title: "Sync", links: SYNC_LINKS });
  return groups;
}

function LinkIcon({ icon }: { icon: SettingsLink["icon"] }) {
  if (icon in EXTRA_ICONS) return <StrokeIcon d={EXTRA_ICONS[icon as keyof typeof EXTRA_ICONS]} size={17} />;
  return <Icon name={icon as IconName} size={17} />;
}

/** The settings area's own sidebar; the entry of the current path is marked active. */
export function SettingsSidebar({ path }: { path: string }) {
  const { hideControls } = useStore(appInfoStore);
  return (
    <aside className="page-sidebar settings-sidebar" aria-label="Settings">
      <nav className="settings-nav" aria-label="Settings sections">
        {settingsGroups(hideControls).map((g) => (
          <div key={g.title} className="settings-nav-group">
            <h2 className="settings-nav-title">{g.title}</h2>
            <ul className="settings-nav-list">
              {g.links.map((l) => {
                const active = path === l.to;
                return (
                  <li key={l.to}>
                    <a href={`#${l.to}`} className={`settings-nav-link${active ? " active" : ""}`} aria-current={active ? "page" : undefined}>
                      <LinkIcon icon={l.icon} />
                      <span>{l.label}</span>
                    </a>
                  </li>
                );
              })}
            </ul>
          </div>
        ))}
      </nav>
    </aside>
  );
}
