/** Ten generated avatars, chosen by the admin's avatar number (0-9, default 0). */
const PALETTE = [
  ["#5b6cff", "#c7ccff"],
  ["#e34562", "#ffd0d9"],
  ["#1f9d6b", "#bff0da"],
  ["#d9861a", "#ffe4bd"],
  ["#8a4fd8", "#e4d2ff"],
  ["#0f8fb3", "#c2ecf8"],
  ["#c2410c", "#fed7c3"],
  ["#4d7c0f", "#dcf5b8"],
  ["#be185d", "#fbcfe8"],
  ["#475569", "#dbe3ec"],
] as const;

export function normalizeAvatar(n: unknown): number {
  const v = typeof n === "number" ? n : Number(n);
  return Number.isInteger(v) && v >= 0 && v <= 9 ? v : 0;
}

export function Avatar({ value, size = 32, label }: { value?: number | null; size?: number; label?: string }) {
  const n = normalizeAvatar(value);
  const [fg, bg] = PALETTE[n];
  // Each number gets its own shape arrangement so avatars differ beyond colour.
  const shapes = [
    <circle key="a" cx="16" cy="13" r="6" fill={fg} />,
    <rect key="b" x="9" y="7" width="14" height="14" rx="3" fill={fg} transform="rotate(12 16 14)" />,
    <path key="c" d="M16 6l8 14H8z" fill={fg} />,
    <path key="d" d="M8 20c0-6 4-11 8-11s8 5 8 11z" fill={fg} />,
    <g key="e" fill={fg}><circle cx="11" cy="12" r="4" /><circle cx="21" cy="12" r="4" /></g>,
    <path key="f" d="M16 5l2.6 6.2 6.4.6-4.9 4.3 1.5 6.5L16 19.3 10.4 22.6l1.5-6.5L7 11.8l6.4-.6z" fill={fg} />,
    <g key="g" fill={fg}><rect x="8" y="8" width="7" height="7" rx="1.5" /><rect x="17" y="8" width="7" height="7" rx="1.5" /><rect x="12.5" y="17" width="7" height="7" rx="1.5" /></g>,
    <path key="h" d="M6 18c3-6 6-6 10 0s7 6 10 0" stroke={fg} strokeWidth="3.5" fill="none" strokeLinecap="round" />,
    <circle key="i" cx="16" cy="15" r="8" fill="none" stroke={fg} strokeWidth="4" />,
    <path key="j" d="M16 6v20M6 16h20" stroke={fg} strokeWidth="4" strokeLinecap="round" />,
  ];
  return (
    <svg
      className="avatar"
      width={size}
      height={size}
      viewBox="0 0 32 32"
      role={label ? "img" : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      focusable="false"
    >
      <rect width="32" height="32" rx="16" fill={bg} />
      {shapes[n]}
    </svg>
  );
}
