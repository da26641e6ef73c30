import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';

/** A legal document: title, date, numbered sections with their own headings (one h1, then h2s). */
export function LegalPage({
  title,
  updated,
  intro,
  sections,
  other,
}: {
  title: ReactNode;
  updated: string;
  intro: ReactNode;
  sections: [ReactNode, ReactNode][];
  other: 'terms' | 'privacy';
}) {
  return (
    <main className="mx-auto w-full max-w-3xl px-4 pb-20 pt-10 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
      <p className="mt-2 text-sm text-zinc-400">
        <Trans>Last updated: {updated}</Trans>
      </p>
      <p className="mt-6 text-zinc-300">{intro}</p>
      <ol className="mt-8 flex flex-col gap-8">
        {sections.map(([heading, body], i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of static content; it never reorders.
          <li key={i}>
            <h2 className="text-lg font-semibold">
              <span className="mr-2 text-fuchsia-300">{i + 1}.</span>
              {heading}
            </h2>
            <div className="mt-2 space-y-3 leading-relaxed text-zinc-300">{body}</div>
          </li>
        ))}
      </ol>
      <p className="mt-12 border-t border-white/10 pt-6 text-sm text-zinc-400">
        {other === 'privacy' ? (
          <Trans>
            See also our{' '}
            <Link to="/privacy" className="text-fuchsia-300 underline">
              Privacy Policy
            </Link>
            .
          </Trans>
        ) : (
          <Trans>
            See also our{' '}
            <Link to="/terms" className="text-fuchsia-300 underline">
              Terms of Service
            </Link>
            .
          </Trans>
        )}
      </p>
    </main>
  );
}
