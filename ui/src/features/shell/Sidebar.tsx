import { Icon, type IconName } from "../../components/Icon";
import { Avatar } from "../../components/Avatar";
import { Menu } from "../../components/Menu";
import { Tooltip } from "../../components/Tooltip";
import { useAdmin } from "../../lib/authState";
import { isPathUnder, navigate } from "../../lib/router";
import { logout } from "../../lib/session";
import { preloadRoute } from "../../routes";
import { Logo } from "./Logo";
import { ThemeToggle } from "./ThemeToggle";

const LINKS: { to: string; label: string; icon: IconName }[] = [
  { to: "/collections", label: "Collections", icon: "collections" },
  { to: "/logs", label: "Logs", icon: "logs" },
  { to: "/settings", label: "Settings", icon: "settings" },
];

/** The app sidebar: main links (highlighted when the path is under them), theme toggle and avatar menu. */
export function Sidebar({ path }: { path: string }) {
  const admin = useAdmin();
  return (
    <aside className="app-sidebar">
      <a href="#/" className="app-sidebar-logo" aria-label="Cairn home">
        <Logo size={34} />
      </a>
      <nav className="app-sidebar-nav" aria-label="Main">
        {LINKS.map((link) => {
          const active = isPathUnder(path, link.to);
          return (
            <a
              key={link.to}
              href={`#${link.to}`}
              className={`app-sidebar-link${active ? " active" : ""}`}
              aria-current={active ? "page" : undefined}
              // The page's code starts loading on intent, so the click shows it without a spinner.
              onPointerEnter={() => preloadRoute(link.to)}
              onFocus={() => preloadRoute(link.to)}
            >
              <Icon name={link.icon} size={22} />
              <span className="app-sidebar-link-label">{link.label}</span>
            </a>
          );
        })}
      </nav>
      <div className="app-sidebar-bottom">
        <ThemeToggle position="right" />
        <Menu
          label="Admin menu"
          placement="top-start"
          triggerClassName="avatar-btn"
          trigger={
            <Tooltip text={admin?.email ?? ""} position="right">
              <span className="avatar-wrap">
                <Avatar value={admin?.avatar ?? 0} size={36} />
              </span>
            </Tooltip>
          }
          items={[
            { label: "Manage admins", icon: <Icon name="users" size={16} />, onSelect: () => navigate("/settings/admins") },
            { label: "Your account", icon: <Icon name="lock" size={16} />, onSelect: () => navigate("/settings/account") },
            { label: "Logout", icon: <Icon name="logout" size={16} />, onSelect: () => logout(), danger: true },
          ]}
        />
      </div>
    </aside>
  );
}

export { LINKS as SIDEBAR_LINKS };
