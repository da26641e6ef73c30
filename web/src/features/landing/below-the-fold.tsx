import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import {
  ArrowRight,
  BadgeCheck,
  ChevronDown,
  Coins,
  Gauge,
  Images,
  Languages,
  Lock,
  Quote,
  Sparkles,
  Type,
  Upload,
  WandSparkles,
  Download,
  type LucideIcon,
} from 'lucide-react';
import type { ReactNode } from 'react';
import type { PricingItem } from '../../api/endpoints';
import { firstLoadQueries } from '../../api/first-load-queries';
import { formatMoney } from '../../ui/format';
import { ToolGrid } from '../tools/tool-grid';
import { Section } from './section';

/**
 * The landing sections below the showcase (spec §1: what it is, why choose, how to create,
 * capabilities, stats, pricing, testimonials, FAQ, closing call). A chunk of its own, loaded when the
 * visitor scrolls near it (landing-page.tsx): none of it is on screen when the page first paints.
 */
export default function BelowTheFold() {
  return (
    <>
      <WhatItIs />
      <WhyChoose />
      <HowToCreate />
      <Section
        id="capabilities"
        title={<Trans>Capabilities</Trans>}
        intro={<Trans>Every tool in the studio, one click away.</Trans>}
        action={
          <Link to="/ai-tools-workbench" className="inline-flex items-center gap-1 text-sm text-fuchsia-300 hover:underline">
            <Trans>All AI tools</Trans>
            <ArrowRight aria-hidden className="h-4 w-4" />
          </Link>
        }
      >
        <ToolGrid />
      </Section>
      <Stats />
      <PricingTeaser />
      <Testimonials />
      <Faq />
      <ClosingCall />
    </>
  );
}

function IconTile({ icon: Icon }: { icon: LucideIcon }) {
  return (
    <span className="grid h-11 w-11 shrink-0 place-items-center rounded-2xl bg-gradient-to-br from-violet-500/25 to-fuchsia-500/25 text-fuchsia-200 ring-1 ring-white/10">
      <Icon aria-hidden className="h-5 w-5" strokeWidth={1.75} />
    </span>
  );
}

function WhatItIs() {
  const items: [LucideIcon, ReactNode, ReactNode][] = [
    [
      Type,
      <Trans key="t">Text to image</Trans>,
      <Trans key="td">Describe a scene in your own words and pick a style and an aspect ratio.</Trans>,
    ],
    [WandSparkles, <Trans key="e">Image editing</Trans>, <Trans key="ed">Upload up to five photos and say what should change.</Trans>],
    [
      Images,
      <Trans key="o">One-click tools</Trans>,
      <Trans key="od">Portraits, restorations, ID photos, logos and upscaling, each on its own page.</Trans>,
    ],
  ];
  return (
    <Section
      id="what"
      title={<Trans>What is Image Studio?</Trans>}
      intro={
        <Trans>
          An AI studio for images in your browser: write a prompt or bring a photo, and get a finished picture back in seconds, in English
          or Traditional Chinese.
        </Trans>
      }
    >
      <ul className="grid gap-4 md:grid-cols-3">
        {items.map(([icon, title, text], i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of static content; it never reorders.
          <li key={i} className="card flex gap-4 p-5">
            <IconTile icon={icon} />
            <div>
              <h3 className="font-semibold">{title}</h3>
              <p className="mt-1 text-sm text-zinc-400">{text}</p>
            </div>
          </li>
        ))}
      </ul>
    </Section>
  );
}

function WhyChoose() {
  const items: [LucideIcon, ReactNode, ReactNode][] = [
    [Gauge, <Trans key="f">Fast</Trans>, <Trans key="fd">Most images are ready in seconds, with live progress while you wait.</Trans>],
    [BadgeCheck, <Trans key="c">Yours to use</Trans>, <Trans key="cd">What you create is yours, including for commercial projects.</Trans>],
    [
      Coins,
      <Trans key="p">Fair credits</Trans>,
      <Trans key="pd">Pay per image. Credit packs never expire, and a failed generation is refunded.</Trans>,
    ],
    [
      Lock,
      <Trans key="s">Private by default</Trans>,
      <Trans key="sd">Your uploads and creations are visible to you alone, and you can delete them any time.</Trans>,
    ],
    [
      Languages,
      <Trans key="l">Two languages</Trans>,
      <Trans key="ld">Every screen in English and Traditional Chinese — switch at the top of any page.</Trans>,
    ],
    [
      Sparkles,
      <Trans key="t">Free to try</Trans>,
      <Trans key="td">New accounts get free credits, so your first images cost nothing.</Trans>,
    ],
  ];
  return (
    <Section id="why" title={<Trans>Why creators choose Image Studio</Trans>}>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {items.map(([icon, title, text], i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of static content; it never reorders.
          <li key={i} className="card p-5">
            <IconTile icon={icon} />
            <h3 className="mt-4 font-semibold">{title}</h3>
            <p className="mt-1 text-sm text-zinc-400">{text}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}

function HowToCreate() {
  const steps: [LucideIcon, ReactNode, ReactNode][] = [
    [Upload, <Trans key="1">Describe or upload</Trans>, <Trans key="1d">Write a prompt or drop in up to five photos.</Trans>],
    [
      Sparkles,
      <Trans key="2">Pick a style and size</Trans>,
      <Trans key="2d">Realistic, artistic, anime, cartoon or abstract — in ten aspect ratios.</Trans>,
    ],
    [
      Download,
      <Trans key="3">Generate and download</Trans>,
      <Trans key="3d">Watch the progress, download the result, find it again in My creations.</Trans>,
    ],
  ];
  return (
    <Section id="how" title={<Trans>How to create</Trans>}>
      <ol className="grid gap-4 md:grid-cols-3">
        {steps.map(([icon, title, text], i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of static content; it never reorders.
          <li key={i} className="card relative p-6">
            <div className="flex items-center gap-3">
              <IconTile icon={icon} />
              <span className="text-sm font-bold text-fuchsia-300">0{i + 1}</span>
            </div>
            <h3 className="mt-4 font-semibold">{title}</h3>
            <p className="mt-1 text-sm text-zinc-400">{text}</p>
          </li>
        ))}
      </ol>
    </Section>
  );
}

function Stats() {
  const stats: [string, ReactNode][] = [
    ['120k+', <Trans key="a">creators</Trans>],
    ['8x', <Trans key="b">faster than editing by hand</Trans>],
    ['92%', <Trans key="c">satisfaction</Trans>],
  ];
  return (
    <section aria-labelledby="stats-title" className="render-when-near mx-auto max-w-7xl px-4 py-12 sm:px-6">
      <h2 id="stats-title" className="sr-only">
        <Trans>Image Studio in numbers</Trans>
      </h2>
      <dl className="grid grid-cols-3 gap-3 rounded-3xl border border-white/10 bg-gradient-to-r from-violet-950/60 via-ink-900 to-fuchsia-950/50 p-4 sm:gap-6 sm:p-8">
        {stats.map(([value, label]) => (
          <div key={value} className="flex flex-col-reverse items-center text-center">
            <dt className="mt-1 text-xs text-zinc-300 sm:text-sm">{label}</dt>
            <dd className="text-3xl font-black text-gradient sm:text-5xl">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function PricingTeaser() {
  const { i18n } = useLingui();
  const pricing = useQuery(firstLoadQueries.pricing(i18n.locale));
  const plans: PricingItem[] | undefined = pricing.isError ? [] : pricing.data;
  const cheapest = (type: PricingItem['packageType']) => {
    const prices = (plans ?? []).filter((p) => p.packageType === type).map((p) => p.price);
    return prices.length ? formatMoney(Math.min(...prices)) : null;
  };
  const packs = cheapest('credits');
  const monthly = cheapest('monthly');
  const yearly = cheapest('yearly');
  const tiers: [ReactNode, ReactNode, ReactNode][] = [
    [<Trans key="f">Free</Trans>, formatMoney(0), <Trans key="fd">Free credits on sign-up to try every tool.</Trans>],
    [
      <Trans key="c">Credit packs</Trans>,
      packs ? <Trans key="cp">from {packs}</Trans> : '…',
      <Trans key="cd">Buy once, use any time: pack credits never expire.</Trans>,
    ],
    [
      <Trans key="s">Subscriptions</Trans>,
      monthly ? <Trans key="sp">from {monthly} / month</Trans> : '…',
      yearly ? (
        <Trans key="sd">Monthly credits that roll over; yearly from {yearly}, about 20% less.</Trans>
      ) : (
        <Trans key="sd2">Monthly credits that roll over while you subscribe.</Trans>
      ),
    ],
  ];
  return (
    <Section
      id="pricing"
      title={<Trans>Simple pricing</Trans>}
      intro={<Trans>A 1024×1024 image costs 4 credits. Pay by card or PayPal.</Trans>}
      action={
        <Link to="/pricing" className="inline-flex items-center gap-1 text-sm text-fuchsia-300 hover:underline">
          <Trans>See all plans</Trans>
          <ArrowRight aria-hidden className="h-4 w-4" />
        </Link>
      }
    >
      <ul className="grid gap-4 md:grid-cols-3">
        {tiers.map(([name, price, text], i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of static content; it never reorders.
          <li key={i} className={`card flex flex-col p-6 ${i === 2 ? 'border-fuchsia-400/50' : ''}`}>
            <h3 className="font-semibold text-zinc-200">{name}</h3>
            <p className="mt-2 text-3xl font-black" data-testid={`pricing-tier-${i}`}>
              {price}
            </p>
            <p className="mt-2 flex-1 text-sm text-zinc-400">{text}</p>
          </li>
        ))}
      </ul>
      <div className="mt-6 text-center">
        <Link
          to="/pricing"
          className="inline-flex items-center gap-2 rounded-xl border border-white/15 px-5 py-2.5 text-sm font-semibold hover:bg-white/5"
        >
          <Trans>Compare plans</Trans>
          <ArrowRight aria-hidden className="h-4 w-4" />
        </Link>
      </div>
    </Section>
  );
}

function Testimonials() {
  const quotes: [ReactNode, string, ReactNode][] = [
    [
      <Trans key="1">I sketch a cover idea in one sentence and have three directions before my coffee is cold.</Trans>,
      'Mei Lin',
      <Trans key="1r">Illustrator, Taipei</Trans>,
    ],
    [
      <Trans key="2">The photo restoration brought my grandparents’ wedding picture back. My whole family has a copy now.</Trans>,
      'Daniel K.',
      <Trans key="2r">Family historian</Trans>,
    ],
    [
      <Trans key="3">ID photos, product shots and logos from one place — it replaced three apps for our shop.</Trans>,
      'Chen Wei',
      <Trans key="3r">Shop owner, Hong Kong</Trans>,
    ],
  ];
  return (
    <Section id="testimonials" title={<Trans>What creators say</Trans>}>
      <ul className="grid gap-4 md:grid-cols-3">
        {quotes.map(([text, name, role], i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of static content; it never reorders.
          <li key={i}>
            <figure className="card flex h-full flex-col p-6">
              <Quote aria-hidden className="h-6 w-6 text-fuchsia-300" />
              <blockquote className="mt-3 flex-1 text-zinc-200">{text}</blockquote>
              <figcaption className="mt-5 flex items-center gap-3 text-sm">
                <span
                  aria-hidden
                  className="grid h-9 w-9 place-items-center rounded-full bg-gradient-to-br from-violet-500 to-fuchsia-500 font-bold"
                >
                  {name.slice(0, 1)}
                </span>
                <span>
                  <span className="block font-semibold">{name}</span>
                  <span className="block text-zinc-400">{role}</span>
                </span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </Section>
  );
}

function Faq() {
  const items: [ReactNode, ReactNode][] = [
    [
      <Trans key="q1">How does Image Studio work?</Trans>,
      <Trans key="a1">
        Write a prompt or upload photos in the workbench, choose a style and size, and press Start. Each image uses credits from your
        balance.
      </Trans>,
    ],
    [
      <Trans key="q2">Is it free to try?</Trans>,
      <Trans key="a2">Yes. New accounts get free credits when they sign up, enough for several images.</Trans>,
    ],
    [
      <Trans key="q3">Can I use the images commercially?</Trans>,
      <Trans key="a3">Yes, images you create are yours to use, including for commercial projects.</Trans>,
    ],
    [
      <Trans key="q4">Do credits expire?</Trans>,
      <Trans key="a4">Credit packs never expire. Subscription credits roll over month to month while your subscription is active.</Trans>,
    ],
    [
      <Trans key="q5">What happens if a generation fails?</Trans>,
      <Trans key="a5">The credits it used go straight back to your balance.</Trans>,
    ],
    [
      <Trans key="q6">Who can see my photos?</Trans>,
      <Trans key="a6">
        Only you. Uploads and results are private to your account; the showcase shows only images the studio published.
      </Trans>,
    ],
  ];
  return (
    <Section id="faq" title={<Trans>Frequently asked questions</Trans>}>
      <div className="flex flex-col gap-2">
        {items.map(([q, a], i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of static content; it never reorders.
          <details key={i} className="card group px-5 [&_summary::-webkit-details-marker]:hidden">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 py-4 font-medium">
              {q}
              <ChevronDown aria-hidden className="h-5 w-5 shrink-0 text-zinc-400 transition group-open:rotate-180" />
            </summary>
            <p className="pb-4 text-sm text-zinc-400">{a}</p>
          </details>
        ))}
      </div>
    </Section>
  );
}

function ClosingCall() {
  return (
    <section aria-labelledby="start-title" className="render-when-near mx-auto max-w-7xl px-4 pb-16 sm:px-6">
      <div className="rounded-3xl border border-fuchsia-400/20 bg-gradient-to-br from-violet-900/50 via-ink-900 to-fuchsia-900/40 p-8 text-center sm:p-12">
        <h2 id="start-title" className="text-2xl font-bold sm:text-3xl">
          <Trans>Your next image is one sentence away</Trans>
        </h2>
        <Link
          to="/ai-workbench"
          className="mt-6 inline-flex items-center gap-2 rounded-xl bg-gradient-to-r from-violet-600 to-fuchsia-600 px-6 py-3 font-semibold text-white hover:brightness-110"
        >
          <Trans>Open the workbench</Trans>
          <ArrowRight aria-hidden className="h-4 w-4" />
        </Link>
      </div>
    </section>
  );
}
