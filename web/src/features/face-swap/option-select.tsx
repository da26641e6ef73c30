import { useLingui } from '@lingui/react/macro';
import { ChevronDown, Check } from 'lucide-react';
import { Button, Label, ListBox, ListBoxItem, Popover, Select, SelectValue } from 'react-aria-components';
import type { FaceSwapOption } from '@worker/contract/face-swap';
import { faceSwapValueLabel } from '@worker/contract/face-swap-labels';

const NONE = '__none';

/**
 * One dropdown per face swap option (spec §2): react-aria Select, "Please select" when nothing is
 * chosen and as the first item to clear it. Value labels come from the option catalogue in the UI's
 * language. `applied` marks an option the offline engine acts on.
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
  const language = i18n.locale === 'zh-Hant' ? 'zh-Hant' : 'en';
  const items = [
    { id: NONE, name: t`Please select` },
    ...option.values.map((v) => ({ id: v.value, name: faceSwapValueLabel(option.key, v, language) })),
  ];
  return (
    <Select
      value={value ?? null}
      onChange={(key) => onChange(key === null || key === NONE ? undefined : String(key))}
      placeholder={t`Please select`}
      isDisabled={isDisabled}
      className="flex min-w-0 flex-col gap-1"
      data-testid={`option-${option.key}`}
    >
      <Label className="flex items-center gap-1.5 text-xs font-medium text-zinc-400">
        {label}
        {applied && <span aria-hidden title={t`Applied on this server`} className="h-1.5 w-1.5 rounded-full bg-emerald-400" />}
      </Label>
      <Button className="flex w-full items-center justify-between gap-2 rounded-xl border border-white/10 bg-ink-900 px-3 py-2 text-left text-sm outline-none transition hover:border-white/25 data-[focus-visible]:ring-2 data-[focus-visible]:ring-violet-400 data-[disabled]:opacity-50">
        <SelectValue className="truncate data-[placeholder]:text-zinc-500" />
        <ChevronDown aria-hidden className="h-4 w-4 shrink-0 text-zinc-400" />
      </Button>
      <Popover className="max-h-72 w-(--trigger-width) min-w-[12rem] overflow-auto rounded-xl border border-white/10 bg-ink-900 p-1 shadow-2xl outline-none">
        <ListBox items={items} className="outline-none">
          {(item) => (
            <ListBoxItem
              id={item.id}
              textValue={item.name}
              className={({ isFocused, isSelected }) =>
                `flex cursor-pointer items-center justify-between gap-2 rounded-lg px-2.5 py-1.5 text-sm outline-none ${isFocused ? 'bg-white/10' : ''} ${item.id === NONE ? 'text-zinc-400' : ''} ${isSelected ? 'text-fuchsia-200' : ''}`
              }
            >
              {({ isSelected }) => (
                <>
                  <span className="truncate">{item.name}</span>
                  {isSelected && <Check aria-hidden className="h-3.5 w-3.5 shrink-0" />}
                </>
              )}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </Select>
  );
}
