import type { MessageDescriptor } from '@lingui/core';
import { useLingui as useLinguiCore } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { queries } from '@web/api/queries';
import { OPTION_LIMITS } from '@worker/contract/generation-options';
import { PROMPT_MAX } from '@worker/contract/sizes';
import type { WorkbenchMode } from './advanced-options-values';
import { applySuffix } from './prompt-suffix';
import { INSPIRATION, QUICK_STYLES, SIZE_OPTIONS, STYLE_OPTIONS } from './styles';
import type { TextLimitState } from './text-limit';
import { TextLimitNote } from './text-limit-note';

type Size = (typeof SIZE_OPTIONS)[number];
const COUNTS = Array.from({ length: OPTION_LIMITS.count.max }, (_, i) => i + 1);
const PICKED = 'border-fuchsia-400 bg-fuchsia-500/15';
const UNPICKED = 'border-white/10 hover:bg-white/5';

/**
 * The prompt and the style. A style button appends its description to the prompt, replacing the one
 * it appended before: as the reader sees it, and the English the job is sent (`appended`). The
 * reader's comma joins them: a Chinese prompt continues after a full-width one.
 */
export function usePromptAndStyle(initial: string | undefined) {
  const { i18n } = useLinguiCore();
  const [prompt, setPrompt] = useState(initial ?? '');
  const [style, setStyle] = useState<string>('realistic');
  const [appended, setAppended] = useState<{ shown: string; sent: string }>();
  const joiner = i18n.locale.startsWith('zh') ? '，' : ', ';
  function chooseStyle(id: string, option: { suffix: string; shown: MessageDescriptor }) {
    const shown = i18n._(option.shown);
    setStyle(id);
    setPrompt((p) => applySuffix(p, appended?.shown, shown, joiner));
    setAppended({ shown, sent: option.suffix });
  }
  /** An inspiration tag replaces the prompt (and with it any appended style description). */
  function inspire(text: string) {
    setPrompt(text);
    setAppended(undefined);
  }
  return { prompt, setPrompt, style, appended, chooseStyle, inspire };
}

type PromptAndStyle = ReturnType<typeof usePromptAndStyle>;

/** Image editing's quick styles, under the source images. */
export function QuickStyles({ form }: { form: PromptAndStyle }) {
  const { i18n } = useLinguiCore();
  return (
    <div className="mt-3 flex flex-wrap gap-2">
      {QUICK_STYLES.map((q) => (
        <button
          key={q.suffix}
          type="button"
          onClick={() => form.chooseStyle(q.id, q)}
          className="rounded-full border border-white/10 px-3 py-1 text-xs hover:bg-white/5"
        >
          {i18n._(q.label)}
        </button>
      ))}
    </div>
  );
}

/** Text to image's inspiration tags: each fills the prompt box in the page's language. */
export function InspirationTags({ form }: { form: PromptAndStyle }) {
  const { t } = useLingui();
  const { i18n } = useLinguiCore();
  return (
    <fieldset className="flex min-w-0 flex-wrap gap-2" aria-label={t`Inspiration`}>
      {INSPIRATION.map((tag) => (
        <button
          key={tag.prompt.id ?? tag.prompt.message}
          type="button"
          onClick={() => form.inspire(i18n._(tag.prompt))}
          className="rounded-full border border-white/10 px-3 py-1 text-xs text-zinc-300 hover:bg-white/5"
        >
          {i18n._(tag.label)}
        </button>
      ))}
    </fieldset>
  );
}

/** The prompt box (or the effect wanted, in image editing) with its length note. */
export function PromptField({ form, mode, limit }: { form: PromptAndStyle; mode: WorkbenchMode; limit: TextLimitState }) {
  return (
    <div className="flex flex-col gap-1.5">
      <PromptBox form={form} mode={mode} limit={limit} />
      {mode === 'image-to-image' && <OfflineEditHint />}
    </div>
  );
}

function PromptBox({ form, mode, limit }: { form: PromptAndStyle; mode: WorkbenchMode; limit: TextLimitState }) {
  const { t } = useLingui();
  return (
    <label className="flex flex-col gap-1.5">
      <span className="text-sm font-medium text-zinc-300">
        {mode === 'text-to-image' ? <Trans>Prompt</Trans> : <Trans>Describe the effect you want</Trans>}
      </span>
      <textarea
        value={form.prompt}
        onChange={(e) => form.setPrompt(e.target.value)}
        rows={5}
        maxLength={PROMPT_MAX + 100}
        aria-invalid={limit.kind === 'too-long'}
        aria-describedby="workbench-prompt-limit"
        placeholder={
          mode === 'text-to-image' ? t`A lighthouse on a cliff at sunset, waves crashing below…` : t`Make it look like a vintage photo…`
        }
        className="resize-y rounded-xl border border-white/10 bg-ink-900 p-3 text-sm outline-none focus:border-violet-400"
      />
      <TextLimitNote id="workbench-prompt-limit" state={limit} max={PROMPT_MAX} />
    </label>
  );
}

/**
 * Image editing on the offline engine carries out only the instructions it recognises and refuses
 * other prompts before any charge (contract/edit-instructions.ts): said before Start.
 */
function OfflineEditHint() {
  const models = useQuery(queries.models());
  if (!models.data?.models.nano?.offline) return null;
  return (
    <p data-testid="offline-edit-hint" className="text-xs text-zinc-400">
      <Trans>
        Edited by the built-in photo engine: it can replace the background (a colour, a blur, none, or a scene such as a night city
        skyline), apply a style (anime, sketch, watercolour, oil, pop art, cyberpunk), change colour and light, and combine up to five
        uploads. It does not change people or things in the picture; such prompts are refused before any charge.
      </Trans>
    </p>
  );
}

/** The style buttons (one pressed). */
export function StylePicker({ form }: { form: PromptAndStyle }) {
  const { i18n } = useLinguiCore();
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium text-zinc-300">
        <Trans>Style</Trans>
      </legend>
      <div className="flex flex-wrap gap-2">
        {STYLE_OPTIONS.map((s) => (
          <button
            key={s.id}
            type="button"
            aria-pressed={form.style === s.id}
            onClick={() => form.chooseStyle(s.id, s)}
            className={`rounded-lg border px-3 py-1.5 text-sm ${form.style === s.id ? PICKED : UNPICKED}`}
          >
            {i18n._(s.label)}
          </button>
        ))}
      </div>
    </fieldset>
  );
}

/** Text to image's aspect ratios (one pressed; the pixels in the tooltip). */
export function SizePicker({ value, onChange }: { value: Size; onChange: (size: Size) => void }) {
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium text-zinc-300">
        <Trans>Size</Trans>
      </legend>
      <div className="grid grid-cols-5 gap-2">
        {SIZE_OPTIONS.map((s) => (
          <button
            key={s.ratio}
            type="button"
            aria-pressed={value.ratio === s.ratio}
            title={`${s.width}×${s.height}`}
            onClick={() => onChange(s)}
            className={`rounded-lg border px-2 py-1.5 text-xs ${value.ratio === s.ratio ? PICKED : UNPICKED}`}
          >
            {s.ratio}
          </button>
        ))}
      </div>
    </fieldset>
  );
}

/** How many images one run makes, and what they cost together. */
export function CountPicker({ count, onChange, cost }: { count: number; onChange: (count: number) => void; cost: number }) {
  return (
    <>
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-zinc-300">
          <Trans>Number of images</Trans>
        </legend>
        <div className="grid grid-cols-4 gap-2" data-testid="image-count">
          {COUNTS.map((n) => (
            <button
              key={n}
              type="button"
              aria-pressed={count === n}
              onClick={() => onChange(n)}
              className={`rounded-lg border px-2 py-1.5 text-sm ${count === n ? PICKED : UNPICKED}`}
            >
              {n}
            </button>
          ))}
        </div>
      </fieldset>
      <div className="flex items-center justify-between text-sm text-zinc-400" data-testid="run-price">
        <span>
          <Trans>
            {count} × {cost} credits
          </Trans>
        </span>
        <span className="text-amber-200">
          <Trans>Cost: {count * cost} credits</Trans>
        </span>
      </div>
    </>
  );
}
