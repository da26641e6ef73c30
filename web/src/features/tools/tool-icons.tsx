import type { ToolId } from '../../../../worker/contract/tools';

/** One line-icon per tool (24-px grid, 1.75 stroke, round joins): readable on the dark theme at any size. */
const PATHS: Record<ToolId, React.ReactNode> = {
  'pop-art-portrait': (
    <>
      <rect x="3.5" y="3.5" width="17" height="17" rx="3" />
      {[8, 12, 16].flatMap((x) => [8, 12, 16].map((y) => <circle key={`${x}-${y}`} cx={x} cy={y} r={(x + y) % 8 === 0 ? 1.6 : 0.9} fill="currentColor" stroke="none" />))}
    </>
  ),
  'anime-style': <path d="M12 3.5l2.1 5.4 5.4 2.1-5.4 2.1L12 18.5l-2.1-5.4L4.5 11l5.4-2.1zM18.5 16.5l.8 2 2 .8-2 .8-.8 2-.8-2-2-.8 2-.8z" />,
  'oil-painting': (
    <>
      <path d="M14.5 4.5l5 5-7.5 7.5-5-5z" />
      <path d="M7 12l-2.8 2.8a2.5 2.5 0 000 3.5l1.5 1.5a2.5 2.5 0 003.5 0L12 17" />
    </>
  ),
  watercolor: (
    <>
      <path d="M12 3.5c3.5 4.2 6 7.4 6 10.3a6 6 0 01-12 0c0-2.9 2.5-6.1 6-10.3z" />
      <path d="M9.2 14.5a2.8 2.8 0 002.8 2.6" />
    </>
  ),
  sketch: (
    <>
      <path d="M15.5 4.5l4 4L9 19H5v-4z" />
      <path d="M13.5 6.5l4 4" />
    </>
  ),
  cyberpunk: (
    <>
      <path d="M3.5 20.5h17M5.5 20.5V11h4v9.5M9.5 20.5V6.5h5v14M14.5 20.5V9.5h4v11" />
      <path d="M12 9v2M7.5 14v1M16.5 13v1" />
    </>
  ),
  'professional-portrait': (
    <>
      <circle cx="12" cy="8" r="3.5" />
      <path d="M5 20.5c.8-4 3.6-6 7-6s6.2 2 7 6M12 14.5l-1.2 2.5L12 20l1.2-3z" />
    </>
  ),
  'restored-image': (
    <>
      <path d="M4.5 19.5l9.8-9.8M16 5l.8 1.7 1.7.8-1.7.8L16 10l-.8-1.7-1.7-.8 1.7-.8zM19.5 12.5l.5 1 1 .5-1 .5-.5 1-.5-1-1-.5 1-.5z" />
      <path d="M8 4.5v2M7 5.5h2" />
    </>
  ),
  'id-photo-generation': (
    <>
      <rect x="3" y="5" width="18" height="14" rx="2.5" />
      <circle cx="9" cy="10.5" r="2" />
      <path d="M6 16c.5-1.6 1.6-2.5 3-2.5s2.5.9 3 2.5M14.5 10h4M14.5 13.5h3" />
    </>
  ),
  'logo-generation': (
    <>
      <path d="M12 3.5l7.5 4.3v8.4L12 20.5l-7.5-4.3V7.8z" />
      <path d="M12 8.5l3.2 1.8v3.4L12 15.5l-3.2-1.8v-3.4z" />
    </>
  ),
  'face-swap': (
    <>
      <circle cx="9" cy="10" r="4.5" />
      <path d="M7.5 9.5h.01M10.5 9.5h.01M7.5 11.8c.9.7 2.1.7 3 0" />
      <path d="M16 5.5a4.5 4.5 0 014 4.5M20 10l1-1.6M20 10l-1.8-.6M15 18.5a4.5 4.5 0 01-4-2M11 16.5l-1 1.5M11 16.5l1.8.4" />
    </>
  ),
};

export function ToolIcon({ id, className = 'h-6 w-6' }: { id: ToolId; className?: string }) {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.75} strokeLinecap="round" strokeLinejoin="round" aria-hidden className={className}>
      {PATHS[id]}
    </svg>
  );
}
