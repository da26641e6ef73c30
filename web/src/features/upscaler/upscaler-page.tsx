import { useLingui } from '@lingui/react/macro';
import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import {
  fitToUpscaleBudget,
  maxInputPixels,
  maxInputSide,
  UPSCALE,
  UPSCALE_FACTORS,
  type UpscaleFactor,
} from '@worker/contract/upscale-limits';
import { nextTask } from '@web/lib/next-task';
import { Page } from '@web/ui/page';
import { useToast } from '@web/ui/toast';
import { useLoginModal } from '@web/features/auth/login-modal';
import { FactorPicker } from './factor-picker';
import { FaceSwitch } from './face-switch';
import { FitNotice } from './fit-notice';
import { AlertIcon } from './icons';
import { UploadBox, type SourceImage } from './upload-box';
import { UpscalerInfo } from './upscaler-info';
import {
  EnhanceButton,
  OutputLine,
  UpscaleIdle,
  UpscaleProblemNote,
  UpscaleResult,
  UpscaleWorking,
  UpscalerHeading,
  preloadBeforeAfter,
} from './upscale-panels';
import { useUpscale } from './use-upscale';
import { useHandedOverImage, usePastedImage, useUpscaleSource } from './use-upscale-source';

const fits = (image: { width: number; height: number }, factor: UpscaleFactor) =>
  image.width * image.height <= maxInputPixels(factor) && Math.max(image.width, image.height) <= maxInputSide(factor);

/**
 * The source image, the factor and face enhancement, and the run. A new image keeps the chosen
 * factor when it fits; otherwise the largest one that does (an image too large even for 2× keeps
 * its factor, and the page offers to shrink it).
 */
function useUpscaler(imageUrl: string | undefined, sourceRecordId: string | undefined) {
  const { t } = useLingui();
  const toast = useToast();
  const login = useLoginModal();
  const job = useUpscale();
  const [factor, setFactor] = useState<UpscaleFactor>(UPSCALE.defaultFactor);
  const [face, setFace] = useState(false);
  // The user agreed to shrink an image that is too large for the factor (reset with the image or factor).
  const [shrink, setShrink] = useState(false);
  const [output, setOutput] = useState<{ width: number; height: number } | null>(null);
  const stage = useRef<HTMLElement>(null);
  const working = job.phase === 'working';
  const onAccepted = useCallback(
    (size: SourceImage) => {
      job.clear();
      setOutput(null);
      setShrink(false);
      setFactor((current) =>
        fits(size, current) ? current : ([...UPSCALE_FACTORS].reverse().find((f) => f <= current && fits(size, f)) ?? current),
      );
    },
    [job.clear],
  );
  const picked = useUpscaleSource(onAccepted);
  const { source, setInputError } = picked;
  usePastedImage(picked.accept, working);
  const handedOver = useHandedOverImage(imageUrl, picked.accept);

  function enhance() {
    if (!source) {
      setInputError(t`Please upload an image first`);
      return toast.warning(t`Please upload an image first`);
    }
    if (!fits(source, factor) && !shrink) {
      const message = t`At ${factor}× the image can be at most about ${Math.floor(Math.sqrt(maxInputPixels(factor)))}×${Math.floor(Math.sqrt(maxInputPixels(factor)))} pixels: shrink it to fit, or choose a smaller factor`;
      setInputError(message);
      return toast.error(message);
    }
    const fitToBudget = !fits(source, factor);
    setInputError(null);
    const { file } = source;
    login.requireSignIn(() => {
      setOutput(null);
      preloadBeforeAfter();
      // On a phone the result area is below the controls: bring the progress into view.
      void job.start(file, factor, face, fitToBudget, file === handedOver.fetchedFile.current ? sourceRecordId : undefined);
      // After the progress view has rendered, so the scroll lands on it.
      if (window.matchMedia('(max-width: 1023px)').matches)
        setTimeout(() => stage.current?.scrollIntoView({ behavior: 'smooth', block: 'start' }), 50);
    });
  }

  return {
    ...{ job, picked, loadingSource: handedOver.loading, factor, setFactor, face, setFace, shrink, setShrink },
    ...{ output, setOutput, stage, working, enhance },
  };
}

type Upscaler = ReturnType<typeof useUpscaler>;

/**
 * What is enlarged: the image, or its shrunk copy once the user agreed; nothing while undecided.
 * `tooLarge(f)`: the image does not fit factor `f`; `smallerFactor`: the largest smaller one it fits.
 */
function plan(source: SourceImage | null, factor: UpscaleFactor, shrink: boolean) {
  const tooLarge = (f: UpscaleFactor) => Boolean(source && !fits(source, f));
  const input = source ? (tooLarge(factor) ? (shrink ? fitToUpscaleBudget(source.width, source.height, factor) : null) : source) : null;
  const planned = input ? { width: input.width * factor, height: input.height * factor } : null;
  const smallerFactor = source && tooLarge(factor) ? [...UPSCALE_FACTORS].reverse().find((f) => f < factor && fits(source, f)) : undefined;
  return { tooLarge, planned, smallerFactor };
}

/** The settings side: the image, its refusal, factor, the fit offer, face enhancement, output and price, Enhance, and the job's problem. */
function UpscaleSettings({ up }: { up: Upscaler }) {
  const { t } = useLingui();
  const { job, factor, shrink, working } = up;
  const { source, inputError, setInputError } = up.picked;
  const { tooLarge, planned, smallerFactor } = plan(source, factor, shrink);
  const chooseFactor = (f: UpscaleFactor) => {
    up.setFactor(f);
    up.setShrink(false);
    setInputError(null);
  };
  return (
    <section className="card flex flex-col gap-5 p-5" aria-label={t`Upscale settings`}>
      <UploadBox
        image={source}
        loading={up.loadingSource}
        disabled={working}
        invalid={Boolean(inputError)}
        onFiles={(files) => void up.picked.accept(files)}
        onClear={() => {
          job.clear();
          up.picked.setSource(null);
          up.setOutput(null);
          setInputError(null);
        }}
      />
      {inputError && (
        <p role="alert" className="-mt-2 flex items-start gap-2 text-sm text-rose-300">
          <AlertIcon className="mt-0.5 h-4 w-4 shrink-0" />
          {inputError}
        </p>
      )}
      <FactorPicker value={factor} onChange={chooseFactor} tooLarge={tooLarge} disabled={working} />
      {source && tooLarge(factor) && (
        <FitNotice
          image={source}
          factor={factor}
          shrink={shrink}
          onShrink={(on) => {
            up.setShrink(on);
            setInputError(null);
          }}
          smallerFactor={smallerFactor}
          onUseFactor={chooseFactor}
          disabled={working}
        />
      )}
      <FaceSwitch value={up.face} onChange={up.setFace} disabled={working} />
      <OutputLine planned={planned} hasSource={Boolean(source)} factor={factor} />
      <EnhanceButton job={job} onPress={up.enhance} isDisabled={working || up.loadingSource} />
      {job.problem && <UpscaleProblemNote problem={job.problem} />}
    </section>
  );
}

/**
 * The features, steps and FAQ below the tool, rendered a task after the tool itself: the first render,
 * its commit and the browser's first layout of the page are a third smaller, each a shorter task on a
 * phone. They sit below the tool at every width, so nothing on screen moves when they arrive.
 */
function UpscalerInfoAfterTool() {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    let live = true;
    void nextTask().then(() => live && startTransition(() => setShown(true)));
    return () => {
      live = false;
    };
  }, []);
  return shown ? <UpscalerInfo /> : null;
}

/** Spec §2 Upscaler: upload, factor, face enhancement, Enhance with progress, before/after, result, download. */
export function UpscalerPage({ imageUrl, sourceRecordId }: { imageUrl?: string; sourceRecordId?: string }) {
  const { t } = useLingui();
  const up = useUpscaler(imageUrl, sourceRecordId);
  const { job, working } = up;
  const { source } = up.picked;
  const { planned } = plan(source, up.factor, up.shrink);
  const result = job.phase === 'done' ? job.result : null;
  const shown = up.output ?? (result?.width && result.height ? { width: result.width, height: result.height } : null);
  return (
    <Page wide>
      <UpscalerHeading />
      <div className="mt-8 grid gap-6 lg:grid-cols-[minmax(0,400px)_minmax(0,1fr)]">
        <UpscaleSettings up={up} />
        <section
          ref={up.stage}
          className="card flex min-h-[360px] scroll-mt-20 flex-col items-center justify-center gap-5 p-4 sm:p-5"
          aria-live="polite"
          aria-label={t`Result`}
        >
          {working && source && <UpscaleWorking job={job} source={source} planned={planned} />}
          {result?.imageUrl && source && (
            <UpscaleResult
              result={{ ...result, imageUrl: result.imageUrl }}
              source={source}
              shown={shown}
              onOutput={up.setOutput}
              onRunAgain={up.enhance}
            />
          )}
          {!working && !result && <UpscaleIdle hasSource={Boolean(source)} />}
        </section>
      </div>
      <UpscalerInfoAfterTool />
    </Page>
  );
}
