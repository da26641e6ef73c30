import { Select, Trans, useLingui } from '@lingui/react/macro';
import { UPSCALE_FACTORS, type UpscaleFactor } from '@worker/contract/upscale-limits';
import { formatInteger } from '../../ui/format';
import { useUpscaleCosts } from './costs';
import { Radio, RadioGroup } from '../../ui/radio';

/**
 * "4 credits" in the page's language. Not Lingui's <Plural>: it writes its number with
 * Intl.NumberFormat, whose first use on a page loads the browser's number data (25–110 ms of a fast
 * CPU, one long task on a phone). The plural category comes from Intl.PluralRules, which loads no
 * number data, and the number from formatInteger.
 */
function CreditCount({ cost }: { cost: number }) {
  const { i18n } = useLingui();
  const credits = formatInteger(cost, i18n.locale);
  const category = new Intl.PluralRules(i18n.locale).select(cost);
  return <Select value={category} _one={`${credits} credit`} other={`${credits} credits`} />;
}

/**
 * The factor as a segmented control: native radios (ui/radio.tsx), so arrow keys move between 2×,
 * 4× and 8× without loading react-aria before the page's first paint. Each segment says its price;
 * a factor whose output would break the pixel budget for the chosen image says so, and choosing it
 * offers to shrink the image (fit-notice.tsx).
 */
export function FactorPicker({
  value,
  onChange,
  tooLarge,
  disabled,
}: {
  value: UpscaleFactor;
  onChange: (factor: UpscaleFactor) => void;
  tooLarge: (factor: UpscaleFactor) => boolean;
  disabled: boolean;
}) {
  const { t } = useLingui();
  const costs = useUpscaleCosts();
  return (
    <RadioGroup
      label={<Trans>Scale factor</Trans>}
      value={String(value)}
      onChange={(v) => onChange(Number(v) as UpscaleFactor)}
      isDisabled={disabled}
      className="flex flex-col gap-2"
    >
      <div className="grid grid-cols-3 gap-1 rounded-2xl border border-white/10 bg-ink-900/70 p-1">
        {UPSCALE_FACTORS.map((factor) => {
          const cost = costs?.[`${factor}`];
          const blocked = tooLarge(factor);
          const isSelected = factor === value;
          return (
            <Radio
              key={factor}
              value={String(factor)}
              aria-label={cost === undefined ? t`${factor}×` : t`${factor}×, ${cost} credits`}
              className={({ isSelected }) =>
                `flex cursor-pointer flex-col items-center rounded-xl px-2 py-2.5 text-center transition ${
                  isSelected
                    ? 'bg-gradient-to-br from-violet-500/90 to-fuchsia-500/90 text-white shadow-lg shadow-fuchsia-900/30'
                    : 'text-zinc-300 hover:bg-white/5'
                } ${disabled ? 'hover:bg-transparent' : ''}`
              }
            >
              {/* A Latin ×: CJK fonts draw it full-width, which reads as "2 ×". */}
              <span className="text-lg font-bold leading-tight">
                {factor}
                <span className="font-['Arial','Liberation_Sans',sans-serif]">×</span>
              </span>
              <span className={`text-[11px] leading-tight ${isSelected ? 'text-white/85' : 'text-zinc-500'}`}>
                {blocked ? <Trans>Needs shrinking</Trans> : cost === undefined ? '\u00a0' : <CreditCount cost={cost} />}
              </span>
            </Radio>
          );
        })}
      </div>
    </RadioGroup>
  );
}
