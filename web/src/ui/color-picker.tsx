import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { Radio, RadioGroup } from './radio';
import { HEX_COLOUR } from '@worker/contract/tools';
import { useColourName } from './colour-names';

const swatch =
  (size: string) =>
  ({ isSelected }: { isSelected: boolean }) =>
    `relative ${size} cursor-pointer rounded-full border transition ${isSelected ? 'border-white ring-2 ring-fuchsia-400 ring-offset-2 ring-offset-ink-950' : 'border-white/25 hover:scale-105'}`;

/**
 * Spec §3/§5 colour picker: quick presets as large swatches, all 24 presets behind "More colours",
 * a custom colour (system picker or a typed #RRGGBB, checked as you type) and Clear (back to the
 * default). Swatches are radio groups: arrow keys move, the name read out is the hex value.
 * While the typed colour is not a colour, `onValidityChange(false)` lets the page hold its start
 * button (spec §4), instead of quietly using the last valid colour.
 */
export function ColorPicker({
  label,
  value,
  onChange,
  quickPresets,
  presets,
  defaultValue,
  onValidityChange,
}: {
  label: string;
  value: string;
  onChange: (colour: string) => void;
  quickPresets: readonly string[];
  presets: readonly string[];
  defaultValue: string;
  onValidityChange?: (valid: boolean) => void;
}) {
  const { t } = useLingui();
  const [more, setMore] = useState(false);
  const [typed, setTyped] = useState(value);
  const [typedError, setTypedError] = useState<string>();
  const morePanel = useId();

  const choose = (colour: string) => {
    onChange(colour.toLowerCase());
    setTyped(colour.toLowerCase());
    setTypedError(undefined);
    onValidityChange?.(true);
  };
  const type = (text: string) => {
    setTyped(text);
    const candidate = text.startsWith('#') ? text : `#${text}`;
    if (HEX_COLOUR.test(candidate)) {
      setTypedError(undefined);
      onValidityChange?.(true);
      onChange(candidate.toLowerCase());
    } else {
      setTypedError(t`Please enter a colour like #RRGGBB`);
      onValidityChange?.(false);
    }
  };
  // Closing the panel hides the typed field, so an unfinished colour there is dropped, not kept as an error.
  const toggleMore = () => {
    if (more && typedError) choose(value);
    setMore((m) => !m);
  };

  return (
    <div className="flex flex-col gap-3">
      <QuickSwatches label={label} value={value} quickPresets={quickPresets} onChange={choose} />
      <div className="flex flex-wrap gap-2 text-xs">
        <button
          type="button"
          aria-expanded={more}
          aria-controls={morePanel}
          onClick={toggleMore}
          className="rounded-full border border-white/10 px-3 py-1 text-zinc-300 hover:bg-white/5"
        >
          {more ? <Trans>Fewer colours</Trans> : <Trans>More colours</Trans>}
        </button>
        <button
          type="button"
          onClick={() => choose(defaultValue)}
          className="rounded-full border border-white/10 px-3 py-1 text-zinc-300 hover:bg-white/5"
        >
          <Trans>Clear</Trans>
        </button>
      </div>
      {more && (
        <MoreColours id={morePanel} value={value} presets={presets} typed={typed} typedError={typedError} onChoose={choose} onType={type} />
      )}
    </div>
  );
}

/** Behind "More colours": all the presets, the system colour picker and a typed #RRGGBB. */
function MoreColours({
  id,
  value,
  presets,
  typed,
  typedError,
  onChoose,
  onType,
}: {
  id: string;
  value: string;
  presets: readonly string[];
  typed: string;
  typedError: string | undefined;
  onChoose: (colour: string) => void;
  onType: (text: string) => void;
}) {
  const { t } = useLingui();
  const colourName = useColourName();
  const hexId = useId();
  return (
    <div id={id} className="flex flex-col gap-3 rounded-2xl border border-white/10 bg-ink-900/70 p-3">
      <RadioGroup aria-label={t`All preset colours`} value={presets.includes(value) ? value : null} onChange={onChoose}>
        <div className="grid grid-cols-6 gap-2 sm:grid-cols-8">
          {presets.map((colour) => (
            <Radio
              key={colour}
              value={colour}
              aria-label={colourName(colour)}
              className={swatch('aspect-square w-full max-w-8 justify-self-center')}
              style={{ background: colour }}
            />
          ))}
        </div>
      </RadioGroup>
      <div className="flex items-start gap-2">
        <input
          type="color"
          value={value}
          onChange={(e) => onChoose(e.target.value)}
          aria-label={t`Pick a custom colour`}
          className="h-10 w-12 cursor-pointer rounded-lg border border-white/10 bg-transparent"
        />
        <div className="flex flex-1 flex-col gap-1">
          <label htmlFor={hexId} className="sr-only">
            <Trans>Custom colour (#RRGGBB)</Trans>
          </label>
          <input
            id={hexId}
            value={typed}
            onChange={(e) => onType(e.target.value.trim())}
            maxLength={7}
            spellCheck={false}
            placeholder="#RRGGBB"
            aria-invalid={Boolean(typedError)}
            aria-describedby={typedError ? `${hexId}-error` : undefined}
            className="rounded-xl border border-white/10 bg-ink-900 px-3 py-2 font-mono text-sm uppercase outline-none focus:border-violet-400 aria-[invalid=true]:border-rose-400"
          />
          {typedError && (
            <p id={`${hexId}-error`} role="alert" className="text-xs text-rose-300">
              {typedError}
            </p>
          )}
        </div>
      </div>
    </div>
  );
}

/** The quick presets as large swatches, and the current colour's name and hex value beside them. */
function QuickSwatches({
  label,
  value,
  quickPresets,
  onChange,
}: {
  label: string;
  value: string;
  quickPresets: readonly string[];
  onChange: (colour: string) => void;
}) {
  const colourName = useColourName();
  return (
    <RadioGroup label={label} value={quickPresets.includes(value) ? value : null} onChange={onChange} className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-3">
        {quickPresets.map((colour) => (
          <Radio key={colour} value={colour} aria-label={colourName(colour)} className={swatch('h-9 w-9')} style={{ background: colour }} />
        ))}
        <span
          className="ml-1 inline-flex items-center gap-2 rounded-full border border-white/10 bg-ink-900 py-1 pl-1 pr-3 text-xs text-zinc-300"
          data-testid="colour-current"
        >
          <span aria-hidden className="h-5 w-5 rounded-full border border-white/25" style={{ background: value }} />
          {colourName(value)} · <span className="font-mono uppercase">{value}</span>
        </span>
      </div>
    </RadioGroup>
  );
}
