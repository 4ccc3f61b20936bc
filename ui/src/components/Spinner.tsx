export function Spinner({ label = "Loading...", size = "md" }: { label?: string; size?: "sm" | "md" | "lg" }) {
  return (
    <span className={`spinner spinner-${size}`} role="status">
      <span className="visually-hidden">{label}</span>
    </span>
  );
}
