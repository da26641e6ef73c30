import { Trans } from '@lingui/react/macro';
import { type ReactNode, useId, useState } from 'react';
import { maxInputPixels, UPSCALE, UPSCALE_FACTORS, type UpscaleFactor } from '@worker/contract/upscale-limits';
import { useUpscaleCosts } from './costs';
import { ExpandIcon, FaceIcon, PlusIcon, ShieldIcon, SparklesIcon } from './icons';

const side = (factor: UpscaleFactor) => Math.floor(Math.sqrt(maxInputPixels(factor)));
const megapixels = Math.round(UPSCALE.maxOutputPixels / 1_000_000);

/** Spec §2 Upscaler: features, steps and FAQ below the tool. */
export function UpscalerInfo() {
  return (
    <>
      <UpscalerFeatures />
      <UpscalerSteps />
      <UpscalerFaq />
    </>
  );
}

function UpscalerFeatures() {
  const features: [ReactNode, ReactNode, ReactNode][] = [
    [
      <SparklesIcon key="i" />,
      <Trans key="t">Real super-resolution</Trans>,
      <Trans key="d">An ESRGAN neural network rebuilds edges and texture instead of just stretching pixels.</Trans>,
    ],
    [
      <ExpandIcon key="i" />,
      <Trans key="t">2×, 4× or 8×</Trans>,
      <Trans key="d">Up to {megapixels} megapixels out, with the exact output size shown before you download.</Trans>,
    ],
    [
      <FaceIcon key="i" />,
      <Trans key="t">Face enhancement</Trans>,
      <Trans key="d">
        Finds faces and redraws them with a larger AI model, then smooths skin noise and sharpens eyes and lips, blended softly into the
        photo.
      </Trans>,
    ],
    [
      <ShieldIcon key="i" />,
      <Trans key="t">Private to you</Trans>,
      <Trans key="d">Uploads and results are stored in your account only; nobody else can open them.</Trans>,
    ],
  ];
  return (
    <section className="mt-16" aria-labelledby="upscaler-features">
      <h2 id="upscaler-features" className="text-2xl font-bold">
        <Trans>Why use the upscaler</Trans>
      </h2>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {features.map(([icon, title, text], i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of static content; it never reorders.
          <li key={i} className="card p-5">
            <span className="flex h-10 w-10 items-center justify-center rounded-xl bg-gradient-to-br from-violet-500/25 to-fuchsia-500/25 text-violet-100 ring-1 ring-white/10">
              {icon}
            </span>
            <h3 className="mt-4 font-semibold">{title}</h3>
            <p className="mt-1.5 text-sm leading-relaxed text-zinc-400">{text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

function UpscalerSteps() {
  const steps: [ReactNode, ReactNode][] = [
    [
      <Trans key="t">Upload a photo</Trans>,
      <Trans key="d">Drop a PNG, JPG or WebP up to 10 MB, or send one from the workbench, a tool or My creations.</Trans>,
    ],
    [<Trans key="t">Pick the factor</Trans>, <Trans key="d">Choose 2×, 4× or 8× and switch on face enhancement for portraits.</Trans>],
    [
      <Trans key="t">Enhance and compare</Trans>,
      <Trans key="d">Drag the divider to compare before and after, then download the PNG.</Trans>,
    ],
  ];
  return (
    <section className="mt-16" aria-labelledby="upscaler-steps">
      <h2 id="upscaler-steps" className="text-2xl font-bold">
        <Trans>How it works</Trans>
      </h2>
      <ol className="mt-6 grid gap-4 md:grid-cols-3">
        {steps.map(([title, text], i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of static content; it never reorders.
          <li key={i} className="card flex gap-4 p-5">
            <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-white/10 text-sm font-bold text-fuchsia-200">
              {i + 1}
            </span>
            <div>
              <h3 className="font-semibold">{title}</h3>
              <p className="mt-1 text-sm leading-relaxed text-zinc-400">{text}</p>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}

function UpscalerFaq() {
  const costs = useUpscaleCosts();
  const limits = UPSCALE_FACTORS.map((f) => `${f}×: ${side(f)}×${side(f)}`).join(' · ');
  const prices = costs
    ? UPSCALE_FACTORS.filter((f) => costs[`${f}`] !== undefined)
        .map((f) => `${f}×: ${costs[`${f}`]}`)
        .join(' · ')
    : null;
  const faq: [ReactNode, ReactNode][] = [
    [
      <Trans key="q">How long does upscaling take?</Trans>,
      <Trans key="a">
        From a few seconds for a small photo to a few minutes for the largest outputs. Higher factors and larger images take longer; the
        progress bar shows it is working.
      </Trans>,
    ],
    [
      <Trans key="q">How large can my image be?</Trans>,
      <Trans key="a">
        Files up to 10 MB. The output stays within {megapixels} megapixels, so the largest input shrinks as the factor grows — about{' '}
        {limits} pixels.
      </Trans>,
    ],
    [
      <Trans key="q">How many credits does it cost?</Trans>,
      prices ? (
        <Trans key="a">
          Credits per upscale: {prices}. They are taken when you start, and given back automatically if the upscale fails.
        </Trans>
      ) : (
        <Trans key="a2">
          The price of each factor is shown on its button. Credits are taken when you start, and given back automatically if the upscale
          fails.
        </Trans>
      ),
    ],
    [
      <Trans key="q">What does face enhancement do?</Trans>,
      <Trans key="a">
        After upscaling, it finds each face and redraws it with a larger AI model, smooths skin noise and sharpens eyes and lips, then
        blends it softly into the photo. Everything outside the faces, and photos without faces, stay as the upscaler made them.
      </Trans>,
    ],
    [
      <Trans key="q">Where do I find my upscaled images?</Trans>,
      <Trans key="a">In My creations, under the Upscaled filter. You can download them there as well.</Trans>,
    ],
  ];

  return (
    <section className="mt-16" aria-labelledby="upscaler-faq">
      <h2 id="upscaler-faq" className="mb-4 text-2xl font-bold">
        <Trans>Frequently asked questions</Trans>
      </h2>
      <div className="flex flex-col gap-2">
        {faq.map(([q, a], i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of static content; it never reorders.
          <FaqItem key={i} question={q} answer={a} />
        ))}
      </div>
    </section>
  );
}

/**
 * One question: a heading whose button shows and hides the answer (`aria-expanded`, Enter and Space
 * as the browser gives a button). Not react-aria's Disclosure, which loaded its shared core with the
 * page before its first paint.
 */
function FaqItem({ question, answer }: { question: ReactNode; answer: ReactNode }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <div className="card group px-5" data-expanded={open || undefined}>
      <h3>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen(!open)}
          className="flex w-full items-center justify-between gap-4 py-4 text-left font-medium"
        >
          {question}
          <PlusIcon className="h-4 w-4 shrink-0 text-zinc-400 transition group-data-[expanded]:rotate-45" />
        </button>
      </h3>
      <div id={panelId} hidden={!open} className="pb-4 text-sm leading-relaxed text-zinc-400">
        {answer}
      </div>
    </div>
  );
}
