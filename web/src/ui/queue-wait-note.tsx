import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { Clock, WifiOff } from 'lucide-react';

/**
 * What a job page says while it keeps following a job that has not ended: the server is out of
 * reach for now ("Reconnecting…", the page keeps asking with back-off), or the job has outlived the
 * polling budget ("taking a while", it also lands in My creations). Neither ends the wait: the
 * result or the failure still shows here when the job ends. A polite live region, so a screen
 * reader hears the change without being interrupted.
 */
export function JobWaitNote({
  slow,
  reconnecting: serverUnreachable,
  offline = false,
  className = '',
}: {
  slow: boolean;
  reconnecting: boolean;
  offline?: boolean;
  className?: string;
}) {
  // Offline, the browser does not even try the server, so no failed call says so: the page knows it from the browser.
  const reconnecting = serverUnreachable || offline;
  if (!slow && !reconnecting) return null;
  return (
    <div
      role="status"
      aria-live="polite"
      aria-atomic="true"
      data-testid={offline ? 'job-offline' : reconnecting ? 'job-reconnecting' : 'job-slow'}
      className={`flex items-start gap-3 rounded-xl border border-white/10 bg-ink-900/85 px-4 py-3 text-left text-sm shadow-lg backdrop-blur-sm ${className}`}
    >
      {reconnecting ? (
        <WifiOff aria-hidden className="mt-0.5 h-4 w-4 shrink-0 text-amber-300" strokeWidth={1.75} />
      ) : (
        <Clock aria-hidden className="mt-0.5 h-4 w-4 shrink-0 text-fuchsia-300" strokeWidth={1.75} />
      )}
      <div className="min-w-0">
        {offline ? (
          <>
            <p className="font-medium text-zinc-100">
              <Trans>You are offline. Reconnecting…</Trans>
            </p>
            <p className="text-zinc-400">
              <Trans>Your image is still being made on the server. This page picks it up again as soon as you are back online.</Trans>
            </p>
          </>
        ) : reconnecting ? (
          <>
            <p className="font-medium text-zinc-100">
              <Trans>Reconnecting…</Trans>
            </p>
            <p className="text-zinc-400">
              <Trans>Your image is still being made on the server. This page picks it up again as soon as the connection is back.</Trans>
            </p>
          </>
        ) : (
          <>
            <p className="font-medium text-zinc-100">
              <Trans>This is taking a while.</Trans>
            </p>
            <p className="text-zinc-400">
              <Trans>
                You can wait here or leave this page: the result will also appear in{' '}
                <Link to="/records" className="text-fuchsia-300 underline underline-offset-2 hover:text-fuchsia-200">
                  My creations
                </Link>
                .
              </Trans>
            </p>
          </>
        )}
      </div>
    </div>
  );
}
