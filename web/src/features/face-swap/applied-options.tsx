import { useLingui as useLinguiCore } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { type FaceSwapMode, faceSwapOption } from '@worker/contract/face-swap';
import { faceSwapValueLabel } from '@worker/contract/face-swap-labels';
import { ignoredOffline } from './ignored-options';
import { OPTION_LABEL } from './labels';

/**
 * Which options the engine applied to a finished face swap ("Hair colour: Platinum · Glasses:
 * Sunglasses"), from the job status's `appliedOptions` (option key → value, including the ones the
 * server read from the description). Read defensively: a server that does not send the field, or a
 * key or value this build does not know, shows nothing for it.
 */
export function AppliedOptions({ applied }: { applied: unknown }) {
  const { i18n } = useLinguiCore();
  const language = i18n.locale === 'zh-Hant' ? 'zh-Hant' : 'en';
  // Chinese runs on after a full-width colon, without a space.
  const colon = language === 'zh-Hant' ? '：' : ': ';
  const gap = language === 'zh-Hant' ? '' : ' ';
  if (!applied || typeof applied !== 'object') return null;
  const items = Object.entries(applied as Record<string, unknown>).flatMap(([key, value]) => {
    const option = faceSwapOption(key);
    const label = OPTION_LABEL[key as keyof typeof OPTION_LABEL];
    const chosen = option?.values.find((v) => v.value === value);
    return option && label && chosen ? [`${i18n._(label)}${colon}${faceSwapValueLabel(key, chosen, language)}`] : [];
  });
  if (items.length === 0) return null;
  return (
    <p data-testid="applied-options" className="mx-auto mt-3 max-w-md text-center text-sm text-zinc-400">
      <Trans>Applied to your picture:</Trans>
      {gap}
      {items.join(' · ')}
    </p>
  );
}

/**
 * Before Start, on the offline engine: the chosen options it will not draw in this mode ("This
 * engine does not use: Expression: Laughing · Hairstyle: Curly."), so the result never claims them.
 */
export function IgnoredOptions({ chosen, mode }: { chosen: Record<string, string>; mode: FaceSwapMode }) {
  const { i18n } = useLinguiCore();
  const language = i18n.locale === 'zh-Hant' ? 'zh-Hant' : 'en';
  const colon = language === 'zh-Hant' ? '：' : ': ';
  const items = ignoredOffline(chosen, mode).flatMap(([key, value]) => {
    const option = faceSwapOption(key);
    const label = OPTION_LABEL[key as keyof typeof OPTION_LABEL];
    const known = option?.values.find((v) => v.value === value);
    return option && label && known ? [`${i18n._(label)}${colon}${faceSwapValueLabel(key, known, language)}`] : [];
  });
  if (items.length === 0) return null;
  const ignoredList = items.join(' · ');
  return (
    <p data-testid="ignored-options" className="-mt-2 text-xs text-amber-200/80">
      <Trans>This engine does not use: {ignoredList}.</Trans>
    </p>
  );
}
