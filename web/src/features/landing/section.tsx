import type { ReactNode } from 'react';

/** A landing section: a heading, an optional intro and action, then its content. */
export function Section({
  id,
  title,
  intro,
  action,
  children,
}: {
  id: string;
  title: ReactNode;
  intro?: ReactNode;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className="render-when-near mx-auto max-w-7xl scroll-mt-20 px-4 py-12 sm:px-6 sm:py-16"
    >
      <div className="mb-8 flex flex-wrap items-end justify-between gap-3">
        <div className="max-w-2xl">
          <h2 id={`${id}-title`} className="text-2xl font-bold tracking-tight sm:text-3xl">
            {title}
          </h2>
          {intro && <p className="mt-2 text-zinc-400">{intro}</p>}
        </div>
        {action}
      </div>
      {children}
    </section>
  );
}
