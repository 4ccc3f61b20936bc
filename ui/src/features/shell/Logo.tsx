/** Cairn's mark: three stacked stones. */
export function Logo({ size = 32 }: { size?: number }) {
  return (
    <svg className="logo" width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <ellipse cx="16" cy="25" rx="12" ry="4.5" fill="var(--logo-stone-1)" />
      <ellipse cx="16" cy="17" rx="8.5" ry="3.8" fill="var(--logo-stone-2)" />
      <ellipse cx="16" cy="9.5" rx="5" ry="3.2" fill="var(--logo-stone-3)" />
    </svg>
  );
}
