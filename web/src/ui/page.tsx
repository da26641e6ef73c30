import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { Sparkles } from 'lucide-react';
import type { ReactNode } from 'react';

export function Page({
  title,
  subtitle,
  children,
  wide,
}: {
  title?: ReactNode;
  subtitle?: ReactNode;
  children?: ReactNode;
  wide?: boolean;
}) {
  return (
    <main className={`mx-auto w-full ${wide ? 'max-w-7xl' : 'max-w-5xl'} px-4 pb-20 pt-8 sm:px-6`}>
      {title && <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>}
      {subtitle && <p className="mt-2 text-zinc-400">{subtitle}</p>}
      <div className={title ? 'mt-8' : ''}>{children}</div>
    </main>
  );
}

/** What a page not built yet shows: what will be there, and a way back. */
export function ComingSoon({ title, description }: { title: ReactNode; description: ReactNode }) {
  return (
    <Page>
      <div className="card mx-auto mt-10 max-w-xl p-10 text-center">
        <div className="mx-auto mb-5 flex h-14 w-14 items-center justify-center rounded-2xl bg-violet-500/15 text-fuchsia-200" aria-hidden>
          <Sparkles className="h-7 w-7" />
        </div>
        <h1 className="text-2xl font-bold">{title}</h1>
        <p className="mt-3 text-zinc-400">{description}</p>
        <p className="mt-2 text-sm text-fuchsia-300">
          <Trans>Coming soon</Trans>
        </p>
        <Link to="/" className="mt-6 inline-block rounded-xl border border-white/15 px-4 py-2 text-sm hover:bg-white/5">
          <Trans>Back to home</Trans>
        </Link>
      </div>
    </Page>
  );
}

export function ErrorState({ message, onRetry }: { message: ReactNode; onRetry?: () => void }) {
  return (
    <div role="alert" className="card flex flex-col items-center gap-3 p-8 text-center text-zinc-300">
      <p>{message}</p>
      {onRetry && (
        <button type="button" onClick={onRetry} className="rounded-xl border border-white/15 px-4 py-2 text-sm hover:bg-white/5">
          <Trans>Retry</Trans>
        </button>
      )}
    </div>
  );
}
