import { Trans } from '@lingui/react/macro';
import { useLingui as useLinguiCore } from '@lingui/react';
import { useQuery } from '@tanstack/react-query';
import { queries } from '@web/api/queries';
import { formatCreditsExact } from '@web/ui/format';
import { useCreditBalance } from '@web/ui/header';

/** The price of one image at the engine's square size, from the server's price list (4 until it answers). */
export function useImageCost(width = 1024, height = 1024): number {
  const costs = useQuery(queries.models()).data?.costs;
  return costs?.costByResolution[`${width}x${height}`] ?? costs?.defaultCost ?? 4;
}

/**
 * What a paid button will take, said before it is pressed: "Cost: 4 credits · Balance after: 16".
 * Signed out there is no balance, so only the cost shows; short of credits it says what is there.
 */
export function RunCost({ cost, testId = 'run-cost' }: { cost: number; testId?: string }) {
  const { i18n } = useLinguiCore();
  const balance = useCreditBalance();
  const price = formatCreditsExact(cost, i18n.locale);
  const after = balance === null ? null : formatCreditsExact(balance - cost, i18n.locale);
  const have = balance === null ? null : formatCreditsExact(balance, i18n.locale);
  return (
    <p className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 text-sm" data-testid={testId}>
      <span className="font-medium text-amber-200">
        <Trans>Cost: {price} credits</Trans>
      </span>
      {balance !== null &&
        (balance >= cost ? (
          <span className="text-zinc-400" data-testid={`${testId}-after`}>
            <Trans>Balance after: {after}</Trans>
          </span>
        ) : (
          <span className="text-rose-300" data-testid={`${testId}-after`}>
            <Trans>Not enough credits: you have {have}</Trans>
          </span>
        ))}
    </p>
  );
}
