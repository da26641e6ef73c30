import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Slider, SliderThumb, SliderTrack } from 'react-aria-components';

/**
 * Before/after comparison: the upscaled image over the original, cut at a divider you drag
 * anywhere on the picture (pointer or touch) or move with the arrow keys (a react-aria Slider,
 * so screen readers hear "Comparison, 50 %"). The original is drawn at the same on-screen size,
 * so the difference is the detail the upscaler added. Shown only after a run, so loaded lazily
 * (upscale-panels.tsx): the page paints without react-aria.
 */
export function BeforeAfter({
  before,
  after,
  width,
  height,
  onAfterLoad,
}: {
  before: string;
  after: string;
  width: number;
  height: number;
  /** The upscaled image's real pixel size, measured once it has loaded. */
  onAfterLoad?: (size: { width: number; height: number }) => void;
}) {
  const { t } = useLingui();
  const [split, setSplit] = useState(50);
  const ratio = width / height;
  return (
    <Slider
      value={split}
      onChange={(v) => setSplit(v as number)}
      aria-label={t`Before and after comparison`}
      className="mx-auto w-full"
      style={{ width: `min(100%, calc(68vh * ${ratio}))` }}
    >
      <SliderTrack
        data-testid="before-after"
        className="group relative w-full cursor-ew-resize select-none overflow-hidden rounded-2xl bg-[repeating-conic-gradient(#1a1730_0%_25%,#13111f_0%_50%)] bg-[length:20px_20px] ring-1 ring-white/10"
        style={{ aspectRatio: `${width} / ${height}`, touchAction: 'pan-y' }}
      >
        <img
          src={before}
          alt={t`Original`}
          draggable={false}
          className="pointer-events-none absolute inset-0 h-full w-full object-contain"
        />
        <img
          src={after}
          alt={t`Upscaled`}
          draggable={false}
          data-testid="upscaled-image"
          onLoad={(e) => onAfterLoad?.({ width: e.currentTarget.naturalWidth, height: e.currentTarget.naturalHeight })}
          className="pointer-events-none absolute inset-0 h-full w-full object-contain"
          style={{ clipPath: `inset(0 0 0 ${split}%)` }}
        />
        <span
          aria-hidden
          className="pointer-events-none absolute left-3 top-3 rounded-full bg-black/65 px-2.5 py-1 text-xs font-semibold text-zinc-200 backdrop-blur"
        >
          <Trans>Before</Trans>
        </span>
        <span
          aria-hidden
          className="pointer-events-none absolute right-3 top-3 rounded-full bg-fuchsia-600/80 px-2.5 py-1 text-xs font-semibold text-white backdrop-blur"
        >
          <Trans>After</Trans>
        </span>
        <DividerThumb />
      </SliderTrack>
    </Slider>
  );
}

/** The divider and its round grip. */
function DividerThumb() {
  // The ring goes on the round grip, not around the full-height thumb (the global focus rule is unlayered, so inline style).
  return (
    <SliderThumb className="group/thumb top-1/2 h-full w-10 cursor-ew-resize" style={{ outline: 'none' }}>
      <span aria-hidden className="absolute inset-y-0 left-1/2 w-0.5 -translate-x-1/2 bg-white shadow-[0_0_12px_rgb(0_0_0/0.6)]" />
      <span
        aria-hidden
        className="absolute left-1/2 top-1/2 flex h-10 w-10 -translate-x-1/2 -translate-y-1/2 items-center justify-center rounded-full bg-white text-ink-950 shadow-xl ring-4 ring-black/20 transition group-data-[focus-visible]/thumb:ring-violet-400"
      >
        <svg
          aria-hidden
          viewBox="0 0 24 24"
          className="h-5 w-5"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.2"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d="M9 6l-6 6 6 6M15 6l6 6-6 6" />
        </svg>
      </span>
    </SliderThumb>
  );
}
