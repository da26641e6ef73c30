import { Trans } from '@lingui/react/macro';
import { fitToUpscaleBudget, maxInputPixels, type UpscaleFactor } from '@worker/contract/upscale-limits';
import { Button } from '../../ui/button';
import { AlertIcon } from './icons';

/**
 * An image too large for the chosen factor: the page offers to shrink it to the largest size whose
 * output fits the factor's pixel budget (the server's `fitToBudget`), saying both sizes before
 * anything is charged, or to use the largest factor it fits as it is.
 */
export function FitNotice({
  image,
  factor,
  shrink,
  onShrink,
  smallerFactor,
  onUseFactor,
  disabled,
}: {
  image: { width: number; height: number };
  factor: UpscaleFactor;
  shrink: boolean;
  onShrink: (on: boolean) => void;
  /** The largest factor the image fits as it is, if any. */
  smallerFactor: UpscaleFactor | undefined;
  onUseFactor: (factor: UpscaleFactor) => void;
  disabled: boolean;
}) {
  const fitted = fitToUpscaleBudget(image.width, image.height, factor);
  const side = Math.floor(Math.sqrt(maxInputPixels(factor)));
  const [inW, inH, outW, outH] = [fitted.width, fitted.height, fitted.width * factor, fitted.height * factor];
  return (
    <div className="flex flex-col gap-3 rounded-2xl border border-amber-400/30 bg-amber-500/10 p-3.5 text-sm" data-testid="upscale-fit">
      <p className="flex items-start gap-2 text-amber-100">
        <AlertIcon className="mt-0.5 h-4 w-4 shrink-0 text-amber-300" />
        <span>
          <Trans>
            At {factor}× an image can be at most about {side} × {side} px; this one is {image.width} × {image.height} px.
          </Trans>
        </span>
      </p>
      {/* A visually hidden native checkbox inside its label; the box beside it follows its state. */}
      <label
        data-selected={shrink || undefined}
        className="group flex cursor-pointer items-start gap-2.5 text-zinc-100 has-[:disabled]:cursor-not-allowed"
      >
        <input
          type="checkbox"
          checked={shrink}
          onChange={(e) => onShrink(e.currentTarget.checked)}
          disabled={disabled}
          className="peer sr-only"
        />
        <span
          aria-hidden
          className="mt-0.5 flex h-5 w-5 shrink-0 items-center justify-center rounded-md border border-white/30 bg-ink-900/60 group-data-[selected]:border-transparent group-data-[selected]:bg-fuchsia-500 peer-focus-visible:ring-2 peer-focus-visible:ring-fuchsia-300"
        >
          <svg
            aria-hidden
            viewBox="0 0 16 16"
            className="hidden h-3.5 w-3.5 text-white group-data-[selected]:block"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.5"
          >
            <path d="M3.5 8.5l3 3 6-7" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </span>
        <span>
          <Trans>
            Shrink it to {inW} × {inH} px first, then upscale to {outW} × {outH} px
          </Trans>
        </span>
      </label>
      {smallerFactor && (
        <Button
          variant="secondary"
          className="self-start px-3 py-1.5 text-xs"
          isDisabled={disabled}
          onPress={() => onUseFactor(smallerFactor)}
        >
          <Trans>
            Use {smallerFactor}× instead ({image.width * smallerFactor} × {image.height * smallerFactor} px, full detail)
          </Trans>
        </Button>
      )}
    </div>
  );
}
