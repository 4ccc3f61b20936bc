import { Icon } from "../../components/Icon";
import { Tooltip } from "../../components/Tooltip";
import { useStore } from "../../lib/store";
import { themeStore, toggleTheme } from "../../lib/theme";

export function ThemeToggle({ className = "btn-icon", position = "top" as const }: { className?: string; position?: "top" | "bottom" | "left" | "right" }) {
  const theme = useStore(themeStore);
  const next = theme === "dark" ? "light" : "dark";
  const label = `Switch to ${next} theme`;
  return (
    <Tooltip text={label} position={position}>
      <button type="button" className={`${className} theme-toggle`} aria-label={label} onClick={toggleTheme} data-theme-current={theme}>
        <Icon name={theme === "dark" ? "sun" : "moon"} />
      </button>
    </Tooltip>
  );
}
