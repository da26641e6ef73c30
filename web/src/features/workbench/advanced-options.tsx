import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { useLingui as useLinguiCore } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { ChevronDown, Lock, LockOpen } from 'lucide-react';
import { type GenerationOption, OPTION_LIMITS, SAMPLERS, type Sampler } from '@worker/contract/generation-options';
import { type ReactNode, useId } from 'react';
import { type AdvancedOptionsValue, invalidOption, type WorkbenchMode } from './advanced-options-values';
import { optionGroups, type Preflight, rangeOf } from './preflight';

export {
  type AdvancedOptionsValue,
  initialAdvancedOptions,
  invalidOption,
  optionFields,
  type WorkbenchMode,
} from './advanced-options-values';

/** Names of the options, for the form and for the "ignored by this engine" note. */
export const OPTION_NAMES: Record<GenerationOption, MessageDescriptor> = {
  negativePrompt: msg`Negative prompt`,
  seed: msg`Seed`,
  strength: msg`Strength`,
  steps: msg`Steps`,
  cfgScale: msg`Guidance scale`,
  sampler: msg`Sampler`,
};

const inputClass =
  'w-full rounded-xl border border-white/10 bg-ink-900 px-3 py-2 text-sm outline-none focus:border-violet-400 aria-[invalid=true]:border-rose-400';

/**
 * The workbench's advanced options, collapsed by default: negative prompt, seed (with a lock that
 * keeps it for the next run), strength for editing, steps, guidance scale, and a sampler when the
 * chosen engine offers one. `honoured` lists what the engine applies; the others are set apart in a
 * dimmed group, before the user spends anything. `preflight` is the engine's answer for this prompt
 * (preflight.ts): a negative prompt it cannot use is said to be ignored, with the words it cannot use.
 */
export function AdvancedOptions({
  mode,
  value,
  onChange,
  honoured,
  preflight = null,
  isExpanded,
  onExpandedChange,
}: {
  mode: WorkbenchMode;
  value: AdvancedOptionsValue;
  onChange: (value: AdvancedOptionsValue) => void;
  honoured: readonly GenerationOption[] | null;
  preflight?: Preflight | null;
  isExpanded: boolean;
  onExpandedChange: (expanded: boolean) => void;
}) {
  const set = <K extends keyof AdvancedOptionsValue>(key: K, v: AdvancedOptionsValue[K]) => onChange({ ...value, [key]: v });
  const invalid = invalidOption(value);
  const shown: GenerationOption[] = [
    'negativePrompt',
    'seed',
    ...(mode === 'image-to-image' ? ['strength' as const] : []),
    'steps',
    'cfgScale',
  ];
  const { used, unused } = optionGroups(shown, honoured);
  const offersSampler = honoured?.includes('sampler') ?? false;
  const negativeIgnored = mode === 'text-to-image' && (preflight?.ignoredOptions.includes('negativePrompt') ?? false);

  const fields = optionFieldsFor({ mode, value, set, invalid, preflight });

  const panelId = useId();
  // A heading with a button that shows and hides the panel (the WAI-ARIA disclosure pattern); written
  // out rather than react-aria's Disclosure, whose press and focus code would load with the page.
  return (
    <div
      className="group rounded-xl border border-white/10 bg-ink-900/40"
      data-expanded={isExpanded || undefined}
      data-testid="advanced-options"
    >
      <AdvancedOptionsTrigger
        negativeIgnored={negativeIgnored && !isExpanded}
        isExpanded={isExpanded}
        panelId={panelId}
        onPress={() => onExpandedChange(!isExpanded)}
      />
      {/* Rendered only when open: a closed panel's fields stay out of the page (and out of label lookups). */}
      <div id={panelId} hidden={!isExpanded}>
        {isExpanded && (
          <div className="flex flex-col gap-4 px-3.5 pb-4">
            {used.map((option) => fields[option])}
            {offersSampler && <SamplerField value={value} set={set} />}

            {unused.length > 0 && <IgnoredOptions>{unused.map((option) => fields[option])}</IgnoredOptions>}

            {invalid && <InvalidOptionNote option={invalid} />}
          </div>
        )}
      </div>
    </div>
  );
}

/** Each option's field, keyed by option, so the form can place it among the used or the ignored ones. */
function optionFieldsFor({
  mode,
  value,
  set,
  invalid,
  preflight,
}: {
  mode: WorkbenchMode;
  value: AdvancedOptionsValue;
  set: Set;
  invalid: GenerationOption | null;
  preflight: Preflight | null;
}): Record<GenerationOption, ReactNode> {
  return {
    negativePrompt: (
      <NegativePromptField
        key="negativePrompt"
        mode={mode}
        value={value}
        set={set}
        invalid={invalid === 'negativePrompt'}
        preflight={preflight}
      />
    ),
    seed: <SeedField key="seed" value={value} set={set} invalid={invalid === 'seed'} />,
    strength: <StrengthField key="strength" value={value} set={set} />,
    steps: <NumberField key="steps" option="steps" value={value.steps} onChange={(v) => set('steps', v)} invalid={invalid === 'steps'} />,
    cfgScale: (
      <NumberField
        key="cfgScale"
        option="cfgScale"
        value={value.cfgScale}
        onChange={(v) => set('cfgScale', v)}
        invalid={invalid === 'cfgScale'}
      />
    ),
    sampler: null,
  };
}

/** The panel's heading button; closed, it still says the negative prompt will be ignored. */
function AdvancedOptionsTrigger({
  negativeIgnored,
  isExpanded,
  panelId,
  onPress,
}: {
  negativeIgnored: boolean;
  isExpanded: boolean;
  panelId: string;
  onPress: () => void;
}) {
  return (
    <h2 className="text-sm">
      <button
        type="button"
        aria-expanded={isExpanded}
        aria-controls={panelId}
        onClick={onPress}
        className="flex w-full items-center justify-between gap-3 rounded-xl px-3.5 py-3 text-left font-medium text-zinc-200 outline-none focus-visible:ring-2 focus-visible:ring-violet-400"
      >
        <span className="flex flex-wrap items-center gap-2">
          <Trans>Advanced options</Trans>
          {/* Closed, the panel still says the negative prompt will be ignored. */}
          {negativeIgnored && (
            <span className="rounded-full bg-amber-400/15 px-2 py-0.5 text-[11px] font-medium text-amber-200">
              <Trans>Negative prompt ignored</Trans>
            </span>
          )}
        </span>
        <ChevronDown aria-hidden className="h-4 w-4 shrink-0 text-zinc-400 transition group-data-[expanded]:rotate-180" />
      </button>
    </h2>
  );
}

/** Options the chosen engine does not apply, set apart and dimmed before anything is spent. */
function IgnoredOptions({ children }: { children: ReactNode }) {
  return (
    <fieldset className="flex flex-col gap-4 rounded-xl border border-dashed border-white/10 p-3 opacity-60" data-testid="engine-ignores">
      <legend className="flex items-center gap-2 px-1 text-xs font-medium text-zinc-400">
        <Trans>Not used by this engine</Trans>
        <span className="rounded-full bg-white/10 px-2 py-0.5 text-[11px] text-zinc-300">
          <Trans>Ignored</Trans>
        </span>
      </legend>
      {children}
    </fieldset>
  );
}

/** The negative prompt, with the engine's answer for this prompt (text to image). */
function NegativePromptField({
  mode,
  value,
  set,
  invalid,
  preflight,
}: {
  mode: WorkbenchMode;
  value: AdvancedOptionsValue;
  set: Set;
  invalid: boolean;
  preflight: Preflight | null;
}) {
  const { t } = useLingui();
  const { i18n } = useLinguiCore();
  const ignored = mode === 'text-to-image' && (preflight?.ignoredOptions.includes('negativePrompt') ?? false);
  return (
    <label className="flex flex-col gap-1.5">
      <span className="flex items-center justify-between gap-2 text-sm font-medium text-zinc-300">
        <span>{i18n._(OPTION_NAMES.negativePrompt)}</span>
        {ignored && (
          <span
            className="rounded-full bg-amber-400/15 px-2 py-0.5 text-[11px] font-medium text-amber-200"
            data-testid="negative-ignored-tag"
          >
            <Trans>Ignored for this prompt</Trans>
          </span>
        )}
      </span>
      <textarea
        value={value.negativePrompt}
        onChange={(e) => set('negativePrompt', e.target.value)}
        rows={2}
        maxLength={OPTION_LIMITS.negativePromptMax + 100}
        aria-invalid={invalid}
        aria-describedby="negative-prompt-help negative-prompt-preflight"
        placeholder={t`What to keep out of the picture, e.g. cat, text`}
        className={`${inputClass} resize-y`}
        data-testid="negative-prompt"
      />
      <span id="negative-prompt-help" className="text-xs text-zinc-500">
        <Trans>Things named here are left out of the image.</Trans>
      </span>
      <NegativePromptNote id="negative-prompt-preflight" preflight={mode === 'text-to-image' ? preflight : null} />
    </label>
  );
}

/** Strength, for editing: how far the result may move from the photo. */
function StrengthField({ value, set }: { value: AdvancedOptionsValue; set: Set }) {
  const { i18n } = useLinguiCore();
  const strengthPercent = new Intl.NumberFormat(i18n.locale, { style: 'percent' }).format(value.strength);
  return (
    <label className="flex flex-col gap-1.5">
      <span className="flex justify-between text-sm font-medium text-zinc-300">
        <span>{i18n._(OPTION_NAMES.strength)}</span>
        <output className="tabular-nums text-zinc-400">{strengthPercent}</output>
      </span>
      <input
        type="range"
        min={OPTION_LIMITS.strength.min}
        max={OPTION_LIMITS.strength.max}
        step={0.05}
        value={value.strength}
        onChange={(e) => set('strength', Number(e.target.value))}
        aria-describedby="strength-help"
        className="accent-fuchsia-500"
        data-testid="strength"
      />
      <span id="strength-help" className="text-xs text-zinc-500">
        <Trans>Low keeps your photo close to the original; high lets the edit change it fully.</Trans>
      </span>
    </label>
  );
}

/** Steps or guidance scale: a number within the range the server checks. */
function NumberField({
  option,
  value,
  onChange,
  invalid,
}: {
  option: 'steps' | 'cfgScale';
  value: string;
  onChange: (value: string) => void;
  invalid: boolean;
}) {
  const { i18n } = useLinguiCore();
  return (
    <label className="flex flex-col gap-1.5">
      <span className="text-sm font-medium text-zinc-300">{i18n._(OPTION_NAMES[option])}</span>
      <input
        type="number"
        inputMode={option === 'steps' ? 'numeric' : 'decimal'}
        min={OPTION_LIMITS[option].min}
        max={OPTION_LIMITS[option].max}
        step={option === 'steps' ? 1 : 0.5}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={invalid}
        className={inputClass}
        data-testid={option === 'steps' ? 'steps' : 'cfg-scale'}
      />
    </label>
  );
}

/** Why Start waits: the field out of range, and the range, from the limits the server checks. */
function InvalidOptionNote({ option }: { option: GenerationOption }) {
  const { i18n } = useLinguiCore();
  const name = i18n._(OPTION_NAMES[option]);
  const range = rangeOf(option);
  const number = new Intl.NumberFormat(i18n.locale);
  const min = range ? number.format(range.min) : '';
  const max = number.format(range ? range.max : OPTION_LIMITS.negativePromptMax);
  return (
    <p role="alert" className="text-xs text-rose-300" data-testid="advanced-invalid">
      {range ? (
        <Trans>
          {name} must be {min}–{max}.
        </Trans>
      ) : (
        <Trans>
          {name} must be at most {max} characters.
        </Trans>
      )}
    </p>
  );
}

/** What the engine said of the negative prompt for this prompt: ignored, or which of its words it cannot use. */
function NegativePromptNote({ id, preflight }: { id: string; preflight: Preflight | null }) {
  const { i18n } = useLinguiCore();
  if (!preflight || preflight.unusedTerms.length === 0) return <span id={id} hidden />;
  const quote = (term: string) => (i18n.locale.startsWith('zh') ? `「${term}」` : `“${term}”`);
  // “low quality” and “submarine” / 「低畫質」和「潛水艇」: the reader's own way of listing.
  const list = (reason: 'unknown' | 'absent') =>
    new Intl.ListFormat(i18n.locale, { type: 'conjunction' }).format(
      preflight.unusedTerms.filter((u) => u.reason === reason).map((u) => quote(u.term)),
    );
  const unknown = list('unknown');
  const absent = list('absent');
  const ignored = preflight.ignoredOptions.includes('negativePrompt');
  return (
    <span id={id} role="status" className="flex flex-col gap-0.5 text-xs text-amber-200/90" data-testid="negative-prompt-preflight">
      {ignored ? (
        <Trans>This engine will ignore the negative prompt for this prompt: it changes nothing in the picture.</Trans>
      ) : (
        <Trans>Some words of the negative prompt will be ignored:</Trans>
      )}
      {unknown && (
        <span data-testid="preflight-unknown">
          <Trans>Not something this engine draws: {unknown}</Trans>
        </span>
      )}
      {absent && (
        <span data-testid="preflight-absent">
          <Trans>Not in this picture: {absent}</Trans>
        </span>
      )}
    </span>
  );
}

type Set = <K extends keyof AdvancedOptionsValue>(key: K, v: AdvancedOptionsValue[K]) => void;

/** The seed, with the lock that keeps it for the next run and what the lock means. */
function SeedField({ value, set, invalid }: { value: AdvancedOptionsValue; set: Set; invalid: boolean }) {
  const { t } = useLingui();
  const { i18n } = useLinguiCore();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor="workbench-seed" className="text-sm font-medium text-zinc-300">
        {i18n._(OPTION_NAMES.seed)}
      </label>
      <div className="flex gap-2">
        <input
          id="workbench-seed"
          inputMode="numeric"
          autoComplete="off"
          value={value.seed}
          onChange={(e) => set('seed', e.target.value.replace(/[^\d]/g, '').slice(0, 10))}
          aria-invalid={invalid}
          aria-describedby="seed-help"
          placeholder={t`Random`}
          className={inputClass}
          data-testid="seed-input"
        />
        <button
          type="button"
          aria-pressed={value.seedLocked}
          data-selected={value.seedLocked || undefined}
          onClick={() => set('seedLocked', !value.seedLocked)}
          aria-label={t`Keep this seed for the next run`}
          data-testid="seed-lock"
          className="grid h-10 w-10 shrink-0 place-items-center rounded-xl border border-white/10 text-zinc-400 outline-none hover:bg-white/5 focus-visible:ring-2 focus-visible:ring-violet-400 data-[selected]:border-fuchsia-400 data-[selected]:bg-fuchsia-500/15 data-[selected]:text-fuchsia-200"
        >
          {value.seedLocked ? <Lock aria-hidden className="h-4 w-4" /> : <LockOpen aria-hidden className="h-4 w-4" />}
        </button>
      </div>
      <span id="seed-help" className="text-xs text-zinc-500">
        {value.seedLocked ? (
          <Trans>Locked: the next run uses this seed again.</Trans>
        ) : (
          <Trans>Empty: a new seed each run. The same seed and settings give the same image.</Trans>
        )}
      </span>
    </div>
  );
}

/** The sampler, where the engine offers a choice. */
function SamplerField({ value, set }: { value: AdvancedOptionsValue; set: Set }) {
  const { t } = useLingui();
  const { i18n } = useLinguiCore();
  return (
    <label className="flex flex-col gap-1.5">
      <span className="text-sm font-medium text-zinc-300">{i18n._(OPTION_NAMES.sampler)}</span>
      <select value={value.sampler} onChange={(e) => set('sampler', e.target.value as Sampler | '')} className={inputClass}>
        <option value="">{t`Engine default`}</option>
        {SAMPLERS.map((s) => (
          <option key={s} value={s}>
            {s}
          </option>
        ))}
      </select>
    </label>
  );
}
