import { Trans } from '@lingui/react/macro';
import { Link, createFileRoute } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { api } from '../api/endpoints';
import { ShowcaseGrid } from '../features/showcase/showcase-grid';

export function Home() {
  const [bonus, setBonus] = useState<number | null>(null);
  useEffect(() => void api.registrationBonus().then((r) => setBonus(r.data)).catch(() => undefined), []);
  return (
    <main>
      <section className="mx-auto grid max-w-7xl items-center gap-10 px-4 pb-14 pt-14 sm:px-6 sm:pt-20 lg:grid-cols-[1.1fr_0.9fr]">
        <div className="max-w-3xl">
          <p className="mb-4 inline-flex rounded-full border border-fuchsia-400/30 bg-fuchsia-500/10 px-3 py-1 text-xs font-semibold text-fuchsia-200">
            {bonus ? <Trans>{bonus} free credits when you sign up</Trans> : <Trans>Free credits when you sign up</Trans>}
          </p>
          <h1 className="text-4xl font-black leading-tight tracking-tight sm:text-6xl">
            <Trans>
              Turn ideas into <span className="text-gradient">stunning images</span>
            </Trans>
          </h1>
          <p className="mt-5 max-w-2xl text-lg text-zinc-400">
            <Trans>Generate from text, edit your photos and apply one-click styles — pop art, anime, oil painting, watercolor and more. Made for creators, ready for commercial use.</Trans>
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link to="/ai-workbench" className="rounded-xl bg-gradient-to-r from-violet-500 to-fuchsia-500 px-6 py-3 font-semibold shadow-lg shadow-fuchsia-900/40 hover:brightness-110">
              <Trans>Start creating</Trans>
            </Link>
            <Link to="/showcase" className="rounded-xl border border-white/15 px-6 py-3 font-semibold hover:bg-white/5">
              <Trans>Browse the showcase</Trans>
            </Link>
          </div>
        <dl className="mt-12 grid max-w-3xl grid-cols-3 gap-4">
          {[
            ['120k+', <Trans key="a">creators</Trans>],
            ['8x', <Trans key="b">faster</Trans>],
            ['92%', <Trans key="c">satisfaction</Trans>],
          ].map(([value, label], i) => (
            <div key={i} className="card p-4 text-center sm:p-6">
              <dt className="text-2xl font-black text-gradient sm:text-3xl">{value}</dt>
              <dd className="mt-1 text-xs text-zinc-400 sm:text-sm">{label}</dd>
            </div>
          ))}
        </dl>
        </div>
        <div aria-hidden className="relative hidden lg:block">
          <div className="absolute -inset-8 rounded-full bg-fuchsia-600/20 blur-3xl" />
          <div className="relative grid grid-cols-2 gap-4">
            {['sunset-alps', 'neon-rain', 'sakura-path', 'ringed-planet'].map((slug, i) => (
              <img key={slug} src={`/showcase/${slug}.webp`} alt="" className={`aspect-[4/5] w-full rounded-2xl object-cover shadow-2xl ring-1 ring-white/10 ${i % 2 ? 'translate-y-8' : ''}`} />
            ))}
          </div>
        </div>
      </section>

      <section className="mx-auto max-w-7xl px-4 pb-16 sm:px-6">
        <div className="mb-6 flex items-end justify-between">
          <h2 className="text-2xl font-bold"><Trans>From the showcase</Trans></h2>
          <Link to="/showcase" className="text-sm text-fuchsia-300 hover:underline"><Trans>See all</Trans></Link>
        </div>
        <ShowcaseGrid pageLimit={1} />
      </section>

      <section className="mx-auto max-w-7xl px-4 pb-16 sm:px-6">
        <h2 className="mb-6 text-2xl font-bold"><Trans>How to create</Trans></h2>
        <ol className="grid gap-4 md:grid-cols-3">
          {[
            [<Trans key="1">Describe or upload</Trans>, <Trans key="1d">Write a prompt or drop in up to five photos.</Trans>],
            [<Trans key="2">Pick a style and size</Trans>, <Trans key="2d">Realistic, artistic, anime, cartoon or abstract — in ten aspect ratios.</Trans>],
            [<Trans key="3">Generate and download</Trans>, <Trans key="3d">Watch the progress, download the result, find it again in My creations.</Trans>],
          ].map(([title, text], i) => (
            <li key={i} className="card p-6">
              <span className="text-sm font-bold text-fuchsia-300">0{i + 1}</span>
              <h3 className="mt-2 font-semibold">{title}</h3>
              <p className="mt-1 text-sm text-zinc-400">{text}</p>
            </li>
          ))}
        </ol>
      </section>
    </main>
  );
}

export const Route = createFileRoute('/')({ component: Home });
