import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { useLingui as useLinguiCore } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { ChevronDown, Lock, LockOpen } from 'lucide-react';
import { Button as AriaButton, Disclosure, DisclosurePanel, Heading, ToggleButton } from 'react-aria-components';
import { type GenerationOption, OPTION_LIMITS, SAMPLERS, type Sampler } from '@worker/contract/generation-options';
import { type AdvancedOptionsValue, invalidOption, type WorkbenchMode } from './advanced-options-values';

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
 * chosen engine offers one. `honoured` lists what the engine applies; the others say so here,
 * before the user spends anything.
 */
export function AdvancedOptions({
  mode,
  value,
  onChange,
  honoured,
  isExpanded,
  onExpandedChange,
}: {
  mode: WorkbenchMode;
  value: AdvancedOptionsValue;
  onChange: (value: AdvancedOptionsValue) => void;
  honoured: readonly GenerationOption[] | null;
  isExpanded: boolean;
  onExpandedChange: (expanded: boolean) => void;
}) {
  const { t } = useLingui();
  const { i18n } = useLinguiCore();
  const set = <K extends keyof AdvancedOptionsValue>(key: K, v: AdvancedOptionsValue[K]) => onChange({ ...value, [key]: v });
  const invalid = invalidOption(value);
  const shown: GenerationOption[] = [
    'negativePrompt',
    'seed',
    ...(mode === 'image-to-image' ? ['strength' as const] : []),
    'steps',
    'cfgScale',
  ];
  const ignored = honoured ? shown.filter((o) => !honoured.includes(o)) : [];
  const ignoredList = ignored.map((o) => i18n._(OPTION_NAMES[o])).join(i18n.locale.startsWith('zh') ? '、' : ', ');
  const offersSampler = honoured?.includes('sampler') ?? false;
  const invalidName = invalid ? i18n._(OPTION_NAMES[invalid]) : '';
  const strengthPercent = new Intl.NumberFormat(i18n.locale, { style: 'percent' }).format(value.strength);

  return (
    <Disclosure
      isExpanded={isExpanded}
      onExpandedChange={onExpandedChange}
      className="group rounded-xl border border-white/10 bg-ink-900/40"
      data-testid="advanced-options"
    >
      <Heading level={3} className="text-sm">
        <AriaButton
          slot="trigger"
          className="flex w-full items-center justify-between gap-3 rounded-xl px-3.5 py-3 text-left font-medium text-zinc-200 outline-none focus-visible:ring-2 focus-visible:ring-violet-400"
        >
          <Trans>Advanced options</Trans>
          <ChevronDown aria-hidden className="h-4 w-4 shrink-0 text-zinc-400 transition group-data-[expanded]:rotate-180" />
        </AriaButton>
      </Heading>
      {/* Rendered only when open: a closed panel's fields stay out of the page (and out of label lookups). */}
      <DisclosurePanel>
        {isExpanded && (
          <div className="flex flex-col gap-4 px-3.5 pb-4">
            <label className="flex flex-col gap-1.5">
              <span className="text-sm font-medium text-zinc-300">{i18n._(OPTION_NAMES.negativePrompt)}</span>
              <textarea
                value={value.negativePrompt}
                onChange={(e) => set('negativePrompt', e.target.value)}
                rows={2}
                maxLength={OPTION_LIMITS.negativePromptMax + 100}
                aria-invalid={invalid === 'negativePrompt'}
                aria-describedby="negative-prompt-help"
                placeholder={t`What to keep out of the picture, e.g. cat, text`}
                className={`${inputClass} resize-y`}
                data-testid="negative-prompt"
              />
              <span id="negative-prompt-help" className="text-xs text-zinc-500">
                <Trans>Things named here are left out of the image.</Trans>
              </span>
            </label>

            <SeedField value={value} set={set} invalid={invalid === 'seed'} />

            {mode === 'image-to-image' && (
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
            )}

            <div className="grid grid-cols-2 gap-3">
              <label className="flex flex-col gap-1.5">
                <span className="text-sm font-medium text-zinc-300">{i18n._(OPTION_NAMES.steps)}</span>
                <input
                  type="number"
                  inputMode="numeric"
                  min={OPTION_LIMITS.steps.min}
                  max={OPTION_LIMITS.steps.max}
                  step={1}
                  value={value.steps}
                  onChange={(e) => set('steps', e.target.value)}
                  aria-invalid={invalid === 'steps'}
                  className={inputClass}
                  data-testid="steps"
                />
              </label>
              <label className="flex flex-col gap-1.5">
                <span className="text-sm font-medium text-zinc-300">{i18n._(OPTION_NAMES.cfgScale)}</span>
                <input
                  type="number"
                  inputMode="decimal"
                  min={OPTION_LIMITS.cfgScale.min}
                  max={OPTION_LIMITS.cfgScale.max}
                  step={0.5}
                  value={value.cfgScale}
                  onChange={(e) => set('cfgScale', e.target.value)}
                  aria-invalid={invalid === 'cfgScale'}
                  className={inputClass}
                  data-testid="cfg-scale"
                />
              </label>
            </div>

            {offersSampler && <SamplerField value={value} set={set} />}

            {invalid && (
              <p role="alert" className="text-xs text-rose-300" data-testid="advanced-invalid">
                <Trans>Check {invalidName}: it is outside the allowed range.</Trans>
              </p>
            )}
            {ignored.length > 0 && (
              <p className="text-xs text-amber-200/80" data-testid="engine-ignores">
                <Trans>This engine does not use: {ignoredList}.</Trans>
              </p>
            )}
          </div>
        )}
      </DisclosurePanel>
    </Disclosure>
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
        <ToggleButton
          isSelected={value.seedLocked}
          onChange={(locked) => set('seedLocked', locked)}
          aria-label={t`Keep this seed for the next run`}
          data-testid="seed-lock"
          className="grid h-10 w-10 shrink-0 place-items-center rounded-xl border border-white/10 text-zinc-400 outline-none hover:bg-white/5 focus-visible:ring-2 focus-visible:ring-violet-400 data-[selected]:border-fuchsia-400 data-[selected]:bg-fuchsia-500/15 data-[selected]:text-fuchsia-200"
        >
          {value.seedLocked ? <Lock aria-hidden className="h-4 w-4" /> : <LockOpen aria-hidden className="h-4 w-4" />}
        </ToggleButton>
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
