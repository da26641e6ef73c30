import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { ArrowRight, Coins, Sparkles } from 'lucide-react';
import { lazy, startTransition, Suspense, useEffect, useState, type ComponentType } from 'react';
import { firstLoadQueries } from '../../api/first-load-queries';
import { withWholeCatalogue } from '../../i18n';
import { afterQueryClient, useLazyQueryData } from '../../lib/lazy-query-client';
import { useNear } from '../../lib/use-near';
import { formatCreditsExact } from '../../ui/format';
import { useCreditBalance } from '../../ui/header';
import { useSession } from '../auth/session';
import { HERO_IMAGES, shortenName } from './hero-shell';
import { Section } from './section';

/** The showcase reads TanStack Query, which loads right after the first paint: placeholders until then. */
const ShowcaseGrid = lazy(afterQueryClient(() => import('../showcase/showcase-grid').then((m) => ({ default: m.ShowcaseGrid }))));

function ShowcasePlaceholder() {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-4">
      {Array.from({ length: 8 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical loading placeholders; they never reorder.
        <li key={i} className="skeleton aspect-[4/5] rounded-2xl" aria-hidden />
      ))}
    </ul>
  );
}

/** Spec §1 landing sections, in order: hero, showcase, what it is, why choose, how to create, capabilities, stats, pricing, testimonials, FAQ (the footer is the site's). */
export function LandingPage() {
  return (
    // overflow-x-clip: the hero's glow reaches past the column edge on purpose, never past the page.
    <main className="overflow-x-clip">
      <Hero />
      <Section
        id="showcase"
        title={<Trans>From the showcase</Trans>}
        action={
          <Link to="/showcase" className="inline-flex items-center gap-1 text-sm text-fuchsia-300 hover:underline">
            <Trans>See all</Trans>
            <ArrowRight aria-hidden className="h-4 w-4" />
          </Link>
        }
      >
        <Suspense fallback={<ShowcasePlaceholder />}>
          <ShowcaseGrid pageLimit={1} pageSize={8} />
        </Suspense>
      </Section>
      <BelowTheFoldOnApproach />
    </main>
  );
}

/**
 * The sections below the showcase load when the visitor scrolls within half a screen of them, not with the
 * page: a phone that never scrolls never renders, commits and lays them out, which were several long
 * tasks right after the first paint (docs/decisions/089-landing-sections-load-on-approach.md). Their code
 * (below-the-fold.tsx, with the tool grid and its icons) is a chunk of its own. An address with a
 * fragment (`/#faq`) loads them at once.
 */
function BelowTheFoldOnApproach() {
  const [Sections, setSections] = useState<ComponentType | null>(null);
  const { ref, near } = useNear('50% 0px');
  useEffect(() => {
    if (!near) return;
    let cancelled = false;
    void withWholeCatalogue(afterQueryClient(() => import('./below-the-fold')))().then(
      // A transition: React renders the sections in 5 ms slices, not one long task.
      (module) => cancelled || startTransition(() => setSections(() => module.default)),
      () => undefined, // offline: the page stays as it is, without the sections below the showcase
    );
    return () => {
      cancelled = true;
    };
  }, [near]);
  return Sections ? <Sections /> : <div ref={ref} className="h-px" aria-hidden />;
}

function Hero() {
  const { i18n } = useLingui();
  const { user } = useSession();
  const credits = useCreditBalance();
  // Signed in, the hero no longer promises sign-up credits: it shows what the account has.
  const bonus = useLazyQueryData({ ...firstLoadQueries.registrationBonus(), enabled: !user })?.data ?? null;
  const name = user ? shortenName(user.name || user.email) : '';
  return (
    <section
      aria-labelledby="hero-title"
      className="mx-auto grid max-w-7xl items-center gap-10 px-4 pb-10 pt-12 sm:px-6 sm:pt-20 lg:grid-cols-[1.1fr_0.9fr]"
    >
      <div className="max-w-3xl">
        <p
          className="mb-4 inline-flex min-h-7 items-center gap-1.5 rounded-full border border-fuchsia-400/30 bg-fuchsia-500/10 px-3 py-1 text-xs font-semibold text-fuchsia-200"
          data-testid="hero-badge"
        >
          {user ? (
            <>
              <Coins aria-hidden className="h-3.5 w-3.5" />
              {credits === null ? (
                <Trans>Welcome back, {name}</Trans>
              ) : (
                <Trans>
                  Welcome back, {name} · {formatCreditsExact(credits, i18n.locale)} credits
                </Trans>
              )}
            </>
          ) : (
            <>
              <Sparkles aria-hidden className="h-3.5 w-3.5" />
              {bonus ? <Trans>{bonus} free credits when you sign up</Trans> : <Trans>Free credits when you sign up</Trans>}
            </>
          )}
        </p>
        <h1 id="hero-title" className="text-4xl font-black leading-tight tracking-tight sm:text-6xl">
          <Trans>
            Turn ideas into <span className="text-gradient">stunning images</span>
          </Trans>
        </h1>
        <p className="mt-5 max-w-2xl text-lg text-zinc-300">
          <Trans>
            Generate from text, edit your photos and apply one-click styles — pop art, anime, oil painting, watercolor and more. Made for
            creators, ready for commercial use.
          </Trans>
        </p>
        <div className="mt-8 flex flex-wrap gap-3">
          <Link
            to="/ai-workbench"
            className="inline-flex items-center gap-2 rounded-xl bg-gradient-to-r from-violet-600 to-fuchsia-600 px-6 py-3 font-semibold text-white shadow-lg shadow-fuchsia-900/40 hover:brightness-110"
          >
            {user ? <Trans>Continue creating</Trans> : <Trans>Start creating</Trans>}
            <ArrowRight aria-hidden className="h-4 w-4" />
          </Link>
          <Link to="/ai-tools-workbench" className="rounded-xl border border-white/15 px-6 py-3 font-semibold hover:bg-white/5">
            <Trans>Explore AI tools</Trans>
          </Link>
        </div>
      </div>
      <div aria-hidden className="relative hidden lg:block">
        <div className="absolute -inset-8 rounded-full bg-fuchsia-600/20 blur-3xl" />
        <div className="relative grid grid-cols-2 gap-4">
          {HERO_IMAGES.map((slug, i) => (
            // Lazy: the collage only shows on wide screens; phones never download it.
            <img
              key={slug}
              src={`/showcase/thumbs/${slug}.webp`}
              alt=""
              loading="lazy"
              width={416}
              height={520}
              className={`aspect-[4/5] w-full rounded-2xl object-cover shadow-2xl ring-1 ring-white/10 ${i % 2 ? 'translate-y-8' : ''}`}
            />
          ))}
        </div>
      </div>
    </section>
  );
}
