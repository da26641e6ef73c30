import { useLingui } from '@lingui/react/macro';
import { ChevronDown } from 'lucide-react';
import { useId } from 'react';
import type { FaceSwapOption } from '@worker/contract/face-swap';
import { faceSwapValueLabel } from '@worker/contract/face-swap-labels';

/**
 * One dropdown per face swap option (spec §2): a native `<select>`, "Please select" when nothing is
 * chosen and as the first item to clear it. Value labels come from the option catalogue in the UI's
 * language. `applied` marks an option the offline engine acts on. Native rather than react-aria's
 * Select: the page shows a dozen of these at once and react-aria's list box, popover and collection
 * code (~35 KB gz) would load before the form could render; a phone shows its own picker for it.
 */
export function OptionSelect({
  option,
  label,
  value,
  onChange,
  applied,
  isDisabled,
}: {
  option: FaceSwapOption;
  label: string;
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  applied: boolean;
  isDisabled?: boolean;
}) {
  const { t, i18n } = useLingui();
  const id = useId();
  const language = i18n.locale === 'zh-Hant' ? 'zh-Hant' : 'en';
  return (
    <div className="flex min-w-0 flex-col gap-1" data-testid={`option-${option.key}`}>
      <label htmlFor={id} className="flex items-center gap-1.5 text-xs font-medium text-zinc-400">
        {label}
        {applied && <span aria-hidden title={t`Applied on this server`} className="h-1.5 w-1.5 rounded-full bg-emerald-400" />}
      </label>
      <div className="relative">
        <select
          id={id}
          value={value ?? ''}
          onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value)}
          disabled={isDisabled}
          className={`w-full appearance-none truncate rounded-xl border border-white/10 bg-ink-900 py-2 pr-9 pl-3 text-left text-sm outline-none transition hover:border-white/25 focus-visible:ring-2 focus-visible:ring-violet-400 disabled:opacity-50 ${value ? '' : 'text-zinc-500'}`}
        >
          <option value="" className="text-zinc-400">
            {t`Please select`}
          </option>
          {option.values.map((v) => (
            <option key={v.value} value={v.value} className="text-zinc-100">
              {faceSwapValueLabel(option.key, v, language)}
            </option>
          ))}
        </select>
        <ChevronDown aria-hidden className="pointer-events-none absolute top-1/2 right-3 h-4 w-4 -translate-y-1/2 text-zinc-400" />
      </div>
    </div>
  );
}
