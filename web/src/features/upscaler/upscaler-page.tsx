import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';
import { fitToUpscaleBudget, maxInputPixels, maxInputSide, UPSCALE, UPSCALE_FACTORS, type UpscaleFactor } from '@worker/contract/upscale';
import { fetchFile } from '../../api/files';
import { queries } from '../../api/queries';
import { downloadName } from '../../lib/download-name';
import { Button } from '../../ui/button';
import { Page } from '../../ui/page';
import { useUploadFormats } from '../../ui/upload-formats';
import { QueuePlaceNote } from '../../ui/queue-place';
import { useToast } from '../../ui/toast';
import { useLoginModal } from '../auth/login-modal';
import { BeforeAfter } from './before-after';
import { downloadPng } from './download-png';
import { FactorPicker } from './factor-picker';
import { FaceSwitch } from './face-switch';
import { FitNotice } from './fit-notice';
import { AlertIcon, DownloadIcon, ImageIcon, RefreshIcon, SparklesIcon } from './icons';
import { acceptedImageUrl, nameForBlob, uploadProblem } from './image-source';
import { UploadBox, type SourceImage } from './upload-box';
import { UpscalerInfo } from './upscaler-info';
import { useUpscale } from './use-upscale';

const fits = (image: { width: number; height: number }, factor: UpscaleFactor) =>
  image.width * image.height <= maxInputPixels(factor) && Math.max(image.width, image.height) <= maxInputSide(factor);

async function decode(file: File): Promise<{ width: number; height: number }> {
  const bitmap = await createImageBitmap(file);
  const size = { width: bitmap.width, height: bitmap.height };
  bitmap.close();
  return size;
}

/** Spec §2 Upscaler: upload, factor, face enhancement, Enhance with progress, before/after, result, download. */
export function UpscalerPage({ imageUrl, sourceRecordId }: { imageUrl?: string; sourceRecordId?: string }) {
  const { t } = useLingui();
  const toast = useToast();
  const login = useLoginModal();
  const job = useUpscale();
  const formats = useUploadFormats(false);
  const [source, setSource] = useState<SourceImage | null>(null);
  const [loadingSource, setLoadingSource] = useState(false);
  const [inputError, setInputError] = useState<string | null>(null);
  const [factor, setFactor] = useState<UpscaleFactor>(UPSCALE.defaultFactor);
  const [face, setFace] = useState(false);
  // The user agreed to shrink an image that is too large for the factor (reset with the image or factor).
  const [shrink, setShrink] = useState(false);
  const options = useQuery(queries.upscaleOptions()).data ?? null;
  const [output, setOutput] = useState<{ width: number; height: number } | null>(null);
  const stage = useRef<HTMLElement>(null);
  const working = job.phase === 'working';

  useEffect(() => () => void (source && URL.revokeObjectURL(source.preview)), [source]);

  const accept = useCallback(
    async (files: File[]) => {
      const problem = uploadProblem(files);
      if (problem) {
        const message =
          problem === 'many'
            ? t`Please select one image`
            : problem === 'type'
              ? formats.unsupported
              : problem === 'size'
                ? t`Image size cannot exceed 10MB`
                : t`Please select an image file`;
        setInputError(message);
        toast.error(message);
        return;
      }
      const file = files[0]!;
      let size: { width: number; height: number };
      try {
        size = await decode(file);
      } catch {
        const message = t`This file could not be read as an image`;
        setInputError(message);
        toast.error(message);
        return;
      }
      job.clear();
      setOutput(null);
      setShrink(false);
      setSource({ file, preview: URL.createObjectURL(file), ...size });
      // Keep the chosen factor when it fits; otherwise the largest one that does (an image too large
      // even for 2× keeps its factor, and the page offers to shrink it).
      setFactor((current) =>
        fits(size, current) ? current : ([...UPSCALE_FACTORS].reverse().find((f) => f <= current && fits(size, f)) ?? current),
      );
      setInputError(null);
    },
    [formats.unsupported, job, t, toast],
  );

  // A screenshot or copied image can be pasted anywhere on the page (Ctrl/Cmd+V), except into a text field.
  useEffect(() => {
    const onPaste = (event: ClipboardEvent) => {
      const files = [...(event.clipboardData?.files ?? [])];
      if (working || files.length === 0 || (event.target as HTMLElement | null)?.closest?.('input, textarea, [contenteditable]')) return;
      event.preventDefault();
      void accept(files);
    };
    window.addEventListener('paste', onPaste);
    return () => window.removeEventListener('paste', onPaste);
  }, [accept, working]);

  // "Upscale" elsewhere opens this page with ?imageUrl=… of a finished image: fetch it into the box.
  // The image is fetched once per URL; what happens with it uses the current language and `accept`.
  // The fetched file is remembered: while it is the one in the box, the upscale names its creation (lineage).
  const fetchedFile = useRef<File | null>(null);
  const acceptFetched = useEffectEvent((blob: Blob) => {
    fetchedFile.current = new File([blob], nameForBlob(blob.type, 'creation'), { type: blob.type });
    return accept([fetchedFile.current]);
  });
  const refuseSource = useEffectEvent((reason: 'foreign' | 'unreachable') =>
    toast.error(
      reason === 'foreign'
        ? t`Only images from this site can be opened in the upscaler`
        : t`Could not load that image, please upload it instead`,
    ),
  );
  useEffect(() => {
    if (!imageUrl) return;
    const path = acceptedImageUrl(imageUrl, window.location.origin);
    if (!path) {
      refuseSource('foreign');
      return;
    }
    let cancelled = false;
    setLoadingSource(true);
    fetchFile(path)
      .then(async (blob) => {
        if (!cancelled) await acceptFetched(blob);
      })
      .catch(() => !cancelled && refuseSource('unreachable'))
      .finally(() => !cancelled && setLoadingSource(false));
    return () => {
      cancelled = true;
    };
  }, [imageUrl]);

  const blocked = (f: UpscaleFactor) => Boolean(source && !fits(source, f));
  const costs = options?.costByFactor ?? null;
  const cost = costs?.[`${factor}`];
  const tooLarge = blocked(factor);
  // What is enlarged: the image, or its shrunk copy once the user agreed; nothing while undecided.
  const input = source ? (tooLarge ? (shrink ? fitToUpscaleBudget(source.width, source.height, factor) : null) : source) : null;
  const planned = input ? { width: input.width * factor, height: input.height * factor } : null;
  const smallerFactor = source && tooLarge ? [...UPSCALE_FACTORS].reverse().find((f) => f < factor && fits(source, f)) : undefined;
  const chooseFactor = (f: UpscaleFactor) => {
    setFactor(f);
    setShrink(false);
    setInputError(null);
  };

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
      // On a phone the result area is below the controls: bring the progress into view.
      void job.start(file, factor, face, fitToBudget, file === fetchedFile.current ? sourceRecordId : undefined);
      // After the progress view has rendered, so the scroll lands on it.
      if (window.matchMedia('(max-width: 1023px)').matches)
        setTimeout(() => stage.current?.scrollIntoView({ behavior: 'smooth', block: 'start' }), 50);
    });
  }

  const result = job.phase === 'done' ? job.result : null;
  const shown = output ?? (result?.width && result.height ? { width: result.width, height: result.height } : null);

  return (
    <Page wide>
      <header className="max-w-3xl">
        <p className="inline-flex items-center gap-2 rounded-full border border-fuchsia-400/30 bg-fuchsia-500/10 px-3 py-1 text-xs font-semibold text-fuchsia-200">
          <SparklesIcon className="h-3.5 w-3.5" />
          <Trans>AI super-resolution</Trans>
        </p>
        <h1 className="mt-3 text-3xl font-bold tracking-tight sm:text-4xl">
          <Trans>Image upscaler</Trans>
        </h1>
        <p className="mt-2 text-zinc-400">
          <Trans>Enlarge photos 2×, 4× or 8× with real added detail, then compare before and after.</Trans>
        </p>
      </header>

      <div className="mt-8 grid gap-6 lg:grid-cols-[minmax(0,400px)_minmax(0,1fr)]">
        <section className="card flex flex-col gap-5 p-5" aria-label={t`Upscale settings`}>
          <UploadBox
            image={source}
            loading={loadingSource}
            disabled={working}
            invalid={Boolean(inputError)}
            onFiles={(files) => void accept(files)}
            onClear={() => {
              job.clear();
              setSource(null);
              setOutput(null);
              setInputError(null);
            }}
          />
          {inputError && (
            <p role="alert" className="-mt-2 flex items-start gap-2 text-sm text-rose-300">
              <AlertIcon className="mt-0.5 h-4 w-4 shrink-0" />
              {inputError}
            </p>
          )}
          <FactorPicker value={factor} onChange={chooseFactor} costs={costs} tooLarge={blocked} disabled={working} />
          {source && tooLarge && (
            <FitNotice
              image={source}
              factor={factor}
              shrink={shrink}
              onShrink={(on) => {
                setShrink(on);
                setInputError(null);
              }}
              smallerFactor={smallerFactor}
              onUseFactor={chooseFactor}
              disabled={working}
            />
          )}
          <FaceSwitch value={face} onChange={setFace} disabled={working} />

          <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 text-sm">
            <span className="text-zinc-400">
              {planned ? (
                <Trans>
                  Output: {planned.width} × {planned.height} px
                </Trans>
              ) : source ? (
                <Trans>Output: too large at {factor}×</Trans>
              ) : (
                <Trans>Output: {factor}× the original size</Trans>
              )}
            </span>
            {cost !== undefined && (
              <span className="font-medium text-amber-200" data-testid="upscale-cost">
                <Trans>Cost: {cost} credits</Trans>
              </span>
            )}
          </div>

          <Button onPress={enhance} isDisabled={working || loadingSource} className="relative w-full overflow-hidden py-3 text-base">
            {working && (
              <span
                aria-hidden
                className="absolute inset-y-0 left-0 bg-white/15 transition-[width] duration-300"
                style={{ width: `${job.progress}%` }}
              />
            )}
            <SparklesIcon className="relative h-4 w-4" />
            <span className="relative">
              {job.queue ? (
                <Trans>Waiting…</Trans>
              ) : working ? (
                <Trans>Enhancing… {Math.round(job.progress)}%</Trans>
              ) : (
                <Trans>Enhance</Trans>
              )}
            </span>
          </Button>

          {job.problem && (
            <div
              role="alert"
              className="flex items-start gap-3 rounded-xl border border-rose-400/30 bg-rose-500/10 p-3 text-sm text-rose-100"
              data-testid="upscale-error"
            >
              <AlertIcon className="mt-0.5 h-4 w-4 shrink-0 text-rose-300" />
              <div className="min-w-0 flex-1">
                <p>{job.problem.message}</p>
                {job.problem.refunded ? (
                  <p className="mt-1 text-rose-200/80" data-testid="upscale-refunded">
                    <Trans>Your {job.problem.refunded} credits have been returned.</Trans>
                  </p>
                ) : null}
                {job.problem.toPricing && (
                  <Link
                    to="/pricing"
                    className="mt-2 inline-flex rounded-lg bg-white/10 px-3 py-1.5 text-xs font-semibold text-white hover:bg-white/15"
                  >
                    <Trans>Get more credits</Trans>
                  </Link>
                )}
              </div>
            </div>
          )}
        </section>

        <section
          ref={stage}
          className="card flex min-h-[360px] scroll-mt-20 flex-col items-center justify-center gap-5 p-4 sm:p-5"
          aria-live="polite"
          aria-label={t`Result`}
        >
          {working && source && (
            <div className="flex w-full max-w-xl flex-col items-center gap-5">
              <div
                className="relative overflow-hidden rounded-2xl"
                style={{
                  aspectRatio: `${source.width} / ${source.height}`,
                  width: `min(100%, calc(56vh * ${source.width / source.height}))`,
                }}
              >
                <img src={source.preview} alt="" className="h-full w-full object-contain opacity-40 blur-[2px]" />
                <div className="skeleton absolute inset-0 opacity-40" />
              </div>
              {job.queue ? (
                <QueuePlaceNote place={job.queue} className="w-full max-w-sm" />
              ) : (
                <div className="w-full max-w-sm">
                  <div
                    className="h-2 overflow-hidden rounded-full bg-white/10"
                    role="progressbar"
                    aria-label={t`Upscale progress`}
                    aria-valuenow={Math.round(job.progress)}
                    aria-valuemin={0}
                    aria-valuemax={100}
                  >
                    <div
                      className="h-full bg-gradient-to-r from-violet-500 to-fuchsia-500 transition-[width] duration-300"
                      style={{ width: `${job.progress}%` }}
                    />
                  </div>
                  <p className="mt-2 text-center text-sm text-zinc-400">
                    {planned && (
                      <Trans>
                        Upscaling to {planned.width} × {planned.height} px… {Math.round(job.progress)}%
                      </Trans>
                    )}
                  </p>
                </div>
              )}
              {job.reconnecting && (
                <p role="status" className="flex items-center gap-2 text-sm text-amber-200" data-testid="upscale-reconnecting">
                  <RefreshIcon className="h-4 w-4 animate-spin" />
                  <Trans>Reconnecting…</Trans>
                </p>
              )}
              {job.slow && (
                <div
                  role="status"
                  className="w-full max-w-sm rounded-xl border border-white/10 bg-white/5 p-3 text-center text-sm text-zinc-300"
                  data-testid="upscale-slow"
                >
                  <p>
                    <Trans>
                      This is taking a while. Keep this page open and the result will show here; it will also appear in{' '}
                      <Link to="/records" className="font-medium text-violet-200 underline underline-offset-2 hover:text-white">
                        My creations
                      </Link>
                      .
                    </Trans>
                  </p>
                </div>
              )}
            </div>
          )}

          {result?.imageUrl && source && (
            <>
              <BeforeAfter
                before={source.preview}
                after={result.imageUrl}
                width={source.width}
                height={source.height}
                onAfterLoad={setOutput}
              />
              <div className="flex w-full flex-wrap items-center justify-between gap-3 rounded-2xl border border-white/10 bg-ink-900/60 p-3">
                <div className="min-w-0 text-sm">
                  <p className="font-semibold text-zinc-100" data-testid="upscale-output-size">
                    {shown ? (
                      <Trans>
                        {shown.width} × {shown.height} px
                      </Trans>
                    ) : (
                      '\u00a0'
                    )}
                  </p>
                  <p className="text-xs text-zinc-400">
                    <Trans>
                      {result.scaleFactor}× from {source.width} × {source.height} px
                    </Trans>
                    {result.faceEnhancement && (
                      <>
                        {' · '}
                        <Trans>face enhancement on</Trans>
                      </>
                    )}
                  </p>
                </div>
                <div className="flex gap-2">
                  <Button variant="ghost" onPress={enhance}>
                    <RefreshIcon className="h-4 w-4" />
                    <Trans>Run again</Trans>
                  </Button>
                  <Button
                    onPress={() =>
                      void downloadPng(result.imageUrl!, downloadName(`upscaled-${result.scaleFactor}x`)).then(
                        () => toast.success(t`Download started`),
                        () => toast.error(t`Download failed`),
                      )
                    }
                  >
                    <DownloadIcon className="h-4 w-4" />
                    <Trans>Download PNG</Trans>
                  </Button>
                </div>
              </div>
            </>
          )}

          {!working && !result && (
            <div className="flex max-w-sm flex-col items-center gap-3 py-10 text-center">
              <span className="flex h-16 w-16 items-center justify-center rounded-3xl bg-gradient-to-br from-violet-500/20 to-fuchsia-500/20 text-violet-200 ring-1 ring-white/10">
                <ImageIcon className="h-8 w-8" />
              </span>
              <p className="font-medium text-zinc-200">
                {source ? <Trans>Ready when you are</Trans> : <Trans>Your upscaled image will appear here</Trans>}
              </p>
              <p className="text-sm text-zinc-500">
                {source ? (
                  <Trans>Press Enhance; you can compare before and after when it is done.</Trans>
                ) : (
                  <Trans>Upload a photo, choose 2×, 4× or 8×, and press Enhance.</Trans>
                )}
              </p>
            </div>
          )}
        </section>
      </div>

      <UpscalerInfo costs={costs} />
    </Page>
  );
}
