import { Trans, useLingui } from '@lingui/react/macro';
import { Radio, RadioGroup } from '@web/ui/radio';
import { ID_PHOTO_SIZES, type IdPhotoSize } from '@worker/contract/tools';
import { useIdPhotoSizeName } from './id-photo-size-name';

/** The ID-photo size cards: each drawn to its shape, with its name, document size, and pixels at their print density. */
export function ToolSizeCards({
  options,
  value,
  onChange,
  isDisabled,
}: {
  options: readonly string[];
  value: string;
  onChange: (value: string) => void;
  isDisabled: boolean;
}) {
  const { t } = useLingui();
  // Each file is rendered at the density it states, so it prints at exactly the labelled centimetres.
  const pixelsNote = (width: number, height: number, dpi: number) => t`${width}×${height} px at ${dpi} dpi`;
  const sizeName = useIdPhotoSizeName();
  return (
    <RadioGroup label={<Trans>Size</Trans>} value={value} onChange={onChange} className="flex flex-col gap-2" isDisabled={isDisabled}>
      <div className="grid grid-cols-2 gap-2">
        {options.map((option) => {
          const preset = ID_PHOTO_SIZES[option as IdPhotoSize];
          return (
            <Radio
              key={option}
              value={option}
              className={({ isSelected }) =>
                `flex cursor-pointer items-center gap-3 rounded-xl border px-3 py-2.5 transition ${isSelected ? 'border-fuchsia-400 bg-fuchsia-500/10' : 'border-white/10 hover:bg-white/5'}`
              }
            >
              <span aria-hidden className="grid h-9 w-9 shrink-0 place-items-center">
                <span
                  className="block rounded-[3px] border border-zinc-300/70 bg-white/10"
                  style={{ width: (preset.width / preset.height) * 28, height: 28 }}
                />
              </span>
              <span className="flex flex-col text-sm leading-tight">
                <span className="font-semibold">{sizeName[option as IdPhotoSize]}</span>
                <span className="text-xs text-zinc-400">{t`${preset.cm} cm`}</span>
                <span className="break-keep text-xs text-zinc-500">{pixelsNote(preset.width, preset.height, preset.dpi)}</span>
              </span>
            </Radio>
          );
        })}
      </div>
    </RadioGroup>
  );
}
