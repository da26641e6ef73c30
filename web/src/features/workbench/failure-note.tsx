import { Trans } from '@lingui/react/macro';
import { CircleAlert } from 'lucide-react';
import type { GenerationFailure } from './use-generation';

/**
 * The result panel after a run that ended without an image: the reason stays where the image would
 * have been (the toast, which screen readers announce, is gone after 6 s), and a failed job says
 * its credits came back.
 */
export function FailureNote({ failure }: { failure: GenerationFailure }) {
  return (
    <div data-testid="generation-failure" className="mx-auto flex max-w-sm flex-col items-center gap-2 text-center">
      <CircleAlert aria-hidden className="h-10 w-10 text-rose-300/80" strokeWidth={1.5} />
      <p className="font-medium text-rose-200">{failure.message}</p>
      {/* Only a job that ran was charged; a refusal before it (no credits, too many requests) moved nothing. */}
      {failure.refunded && (
        <>
          <p className="text-sm text-zinc-400">
            <Trans>No credits were used: they are back in your balance.</Trans>
          </p>
          <p className="text-sm text-zinc-500">
            <Trans>Adjust your input if needed and try again.</Trans>
          </p>
        </>
      )}
    </div>
  );
}
