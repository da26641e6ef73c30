import { Trans } from '@lingui/react/macro';
import { FaceIcon } from './icons';
import { SwitchTrack } from '../../ui/switch-track';

/**
 * The face-enhancement switch, with one honest line about what it does. A visually hidden native
 * checkbox with role="switch" inside its label (Space toggles it, the label is its name), as
 * react-aria's Switch renders it, without loading react-aria before the page's first paint.
 */
export function FaceSwitch({ value, onChange, disabled }: { value: boolean; onChange: (on: boolean) => void; disabled: boolean }) {
  return (
    <div className="flex items-start gap-3 rounded-2xl border border-white/10 bg-ink-900/50 p-3.5">
      <span className="mt-0.5 flex h-9 w-9 shrink-0 items-center justify-center rounded-xl bg-violet-500/15 text-violet-200">
        <FaceIcon />
      </span>
      <div className="min-w-0 flex-1">
        <label
          data-selected={value || undefined}
          data-disabled={disabled || undefined}
          className="group flex w-full cursor-pointer items-center justify-between gap-3 rounded-lg has-[:disabled]:cursor-not-allowed has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-4 has-[:focus-visible]:outline-violet-300 has-[:focus-visible]:outline-solid"
        >
          <input
            type="checkbox"
            role="switch"
            checked={value}
            aria-checked={value}
            onChange={(e) => onChange(e.currentTarget.checked)}
            disabled={disabled}
            aria-describedby="face-enhancement-help"
            className="sr-only"
          />
          <span className="text-sm font-semibold text-zinc-100">
            <Trans>Face enhancement</Trans>
          </span>
          <SwitchTrack />
        </label>
        <p id="face-enhancement-help" className="mt-1 text-xs leading-relaxed text-zinc-400">
          <Trans>
            Finds faces and redraws them with a larger AI model, then smooths skin noise and sharpens eyes and lips, blended softly into the
            photo.
          </Trans>
        </p>
      </div>
    </div>
  );
}
