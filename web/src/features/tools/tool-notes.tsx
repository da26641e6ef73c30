import { useLingui as useLinguiCore } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ToolComponent } from '@worker/contract/tools';
import type { TextLimitState } from '@web/features/workbench/text-limit';
import { TextLimitNote } from '@web/features/workbench/text-limit-note';

type Notes = Extract<ToolComponent, { type: 'promptInput' }>;

/**
 * The tool's notes box (the logo's description, or extra wishes) with its length note, and the
 * suggestion chips under it: their words go into the user's own text in the page's language,
 * joined the way that language lists words (a full-width comma in Chinese).
 */
export function ToolNotes({
  notes,
  isLogo,
  value,
  onType,
  onSuggest,
  limit,
}: {
  notes: Notes;
  isLogo: boolean;
  value: string;
  onType: (value: string) => void;
  onSuggest: (update: (current: string) => string) => void;
  limit: TextLimitState;
}) {
  const { t } = useLingui();
  const { i18n } = useLinguiCore();
  const joiner = i18n.locale.startsWith('zh') ? '，' : ', ';
  const suggestion: Record<string, string> = { business: t`business`, creative: t`creative`, minimal: t`minimal`, tech: t`tech` };
  return (
    <>
      <label className="flex flex-col gap-1.5 text-sm">
        {isLogo ? <Trans>Describe your logo</Trans> : <Trans>Extra wishes (optional)</Trans>}
        <textarea
          value={value}
          onChange={(e) => onType(e.target.value)}
          rows={3}
          aria-invalid={limit.kind === 'too-long' || limit.kind === 'too-short'}
          aria-describedby="tool-notes-limit"
          className={`rounded-xl border bg-ink-900 p-3 outline-none focus:border-violet-400 ${limit.kind === 'too-long' ? 'border-rose-400' : 'border-white/10'}`}
        />
        <TextLimitNote id="tool-notes-limit" state={limit} min={notes.minLength ?? 0} max={notes.maxLength} />
      </label>
      {notes.suggestions && (
        <div className="flex flex-wrap gap-2">
          {notes.suggestions.map((s) => {
            const word = suggestion[s] ?? s;
            return (
              <button
                key={s}
                type="button"
                onClick={() => onSuggest((v) => (v ? `${v}${joiner}${word}` : word))}
                className="rounded-full border border-white/10 px-3 py-1 text-xs capitalize hover:bg-white/5"
              >
                {word}
              </button>
            );
          })}
        </div>
      )}
    </>
  );
}
