export function Spinner({ className = 'h-6 w-6', label }: { className?: string; label?: string }) {
  const svg = (
    <svg className={`motion-safe:animate-spin text-fuchsia-300 ${className}`} viewBox="0 0 24 24" fill="none" aria-hidden>
      <circle cx="12" cy="12" r="10" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
      <path d="M22 12a10 10 0 0 0-10-10" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
  return label ? (
    <span role="status" aria-label={label} className="inline-flex">
      {svg}
    </span>
  ) : (
    <span className="inline-flex">{svg}</span>
  );
}
