import { useLingui as useLinguiCore } from '@lingui/react';
import { Plural, Trans } from '@lingui/react/macro';
import { formatInteger } from '@web/ui/format';
import type { TextLimitState } from './text-limit';

/**
 * The live counter under a text field, with what to do when the text does not fit, in the page's
 * language: "2,001 / 2,000 — shorten by 1 character", "3 / 2,000 — needs at least 5 characters, add
 * 2 more". Point the field's and the submit button's `aria-describedby` at `id`, so the reason a
 * disabled button gives is read with it.
 */
export function TextLimitNote({ id, state, min = 0, max }: { id: string; state: TextLimitState; min?: number; max: number }) {
  const { i18n } = useLinguiCore();
  const count = `${formatInteger(state.length, i18n.locale)} / ${formatInteger(max, i18n.locale)}`;
  const missing = state.kind === 'too-short' ? state.missing : 0;
  const tone = state.kind === 'too-long' ? 'text-rose-300' : state.kind === 'too-short' ? 'text-amber-200' : 'text-zinc-500';
  return (
    <span id={id} data-testid="text-limit" data-state={state.kind} className={`self-end text-right text-xs ${tone}`}>
      {count}
      {state.kind === 'too-long' && (
        <>
          {' — '}
          <Plural value={state.over} one="shorten by # character" other="shorten by # characters" />
        </>
      )}
      {state.kind === 'too-short' && (
        <>
          {' — '}
          <Trans>
            needs at least {min} characters, add {missing} more
          </Trans>
        </>
      )}
      {state.kind === 'empty' && min > 1 && (
        <>
          {' — '}
          <Trans>at least {min} characters</Trans>
        </>
      )}
    </span>
  );
}
