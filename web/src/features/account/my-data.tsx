import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ProgressBar } from 'react-aria-components';
import { DATA_EXPORT } from '@worker/contract/account';
import type { DataExportInfo, DeletionPreview as DeletionPreviewInfo } from '@web/api/types';
import { ApiError } from '../../api/client';
import { useErrorText } from '../../api/error-text';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { formatCreditsExact, formatDate } from '../../ui/format';
import { useToast } from '../../ui/toast';
import { useSession } from '../auth/session';
import { accountApi } from '../../api/accounts';
import { keys, queries } from '../../api/queries';

const megabytes = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(bytes < 1024 * 1024 ? 2 : 1)} MB`;

/** The running export's progress bar. */
function ExportProgress({ progress, part }: { progress: number; part: number }) {
  const { t } = useLingui();
  return (
    <ProgressBar
      value={progress}
      aria-label={t`Preparing your data`}
      className="mt-4 flex max-w-md flex-col gap-1.5"
      data-testid="export-progress"
    >
      {({ percentage, valueText }) => (
        <>
          <div className="flex justify-between text-sm text-zinc-300">
            <span>{part > 1 ? <Trans>Preparing part {part}…</Trans> : <Trans>Preparing your data…</Trans>}</span>
            <span>{valueText}</span>
          </div>
          <div className="h-2 overflow-hidden rounded-full bg-white/10">
            <div
              className="h-full rounded-full bg-gradient-to-r from-violet-500 to-fuchsia-500 transition-all"
              style={{ width: `${percentage ?? 0}%` }}
            />
          </div>
        </>
      )}
    </ProgressBar>
  );
}

/** The link that saves one finished part. */
function DownloadLink({ info, primary, numbered }: { info: DataExportInfo; primary: boolean; numbered: boolean }) {
  const part = info.part;
  return (
    <a
      href={info.downloadUrl ?? undefined}
      download={info.fileName ?? undefined}
      className={
        primary
          ? 'self-start rounded-xl bg-gradient-to-r from-violet-500 to-fuchsia-500 px-4 py-2.5 text-sm font-semibold text-white hover:brightness-110'
          : 'self-start rounded-xl border border-white/15 px-4 py-2 text-sm font-semibold text-white hover:bg-white/10'
      }
    >
      {numbered ? <Trans>Download part {part}</Trans> : <Trans>Download zip</Trans>}
    </a>
  );
}

/** What one finished part holds: its images and size, and (for a later part) which part it is. */
function PartSummary({ info }: { info: DataExportInfo }) {
  const size = megabytes(info.sizeBytes ?? 0);
  const count = info.fileCount ?? 0;
  const part = info.part;
  return part > 1 ? (
    <Trans>
      Part {part} ready: <Plural value={count} one="# image" other="# images" />, {size}.
    </Trans>
  ) : (
    <Trans>
      Ready: <Plural value={count} one="# image" other="# images" />, {size}.
    </Trans>
  );
}

/**
 * The finished export: its size, when the link expires and the download link; the images the size
 * bound left out, with a button that makes the next part of them; and the earlier parts, still
 * downloadable beside it.
 */
function ExportReady({
  export: info,
  earlierParts,
  onNextPart,
  nextPending,
}: {
  export: DataExportInfo;
  earlierParts: DataExportInfo[];
  onNextPart: () => void;
  nextPending: boolean;
}) {
  const left = info.notIncluded;
  const leftCount = left?.count ?? 0;
  const leftSize = megabytes(left?.bytes ?? 0);
  const maxMb = DATA_EXPORT.imageMegabytesMax;
  return (
    <div className="mt-4 flex flex-col gap-2 text-sm text-zinc-300" data-testid="export-ready">
      <EarlierParts parts={earlierParts} />
      <p>
        <PartSummary info={info} /> <Trans>The link works until {formatDate(info.expiresAt!)}.</Trans>
      </p>
      <DownloadLink info={info} primary numbered={info.part > 1} />
      {left && (
        <div className="mt-2 flex flex-col gap-2 rounded-xl border border-amber-400/30 bg-amber-950/20 p-3" data-testid="export-left-out">
          <p className="text-amber-100">
            <Trans>
              Not in this zip: <Plural value={leftCount} one="# image" other="# images" /> ({leftSize}). One zip holds at most {maxMb} MB of
              images.
            </Trans>
          </p>
          <Button variant="primary" onPress={onNextPart} pending={nextPending} className="self-start">
            <Plural value={leftCount} one="Export the remaining image" other="Export the remaining # images" />
          </Button>
        </div>
      )}
    </div>
  );
}

/** Earlier parts of the export, each with its own download (part 1 first). */
function EarlierParts({ parts }: { parts: DataExportInfo[] }) {
  if (!parts.length) return null;
  return (
    <ul className="flex flex-col gap-2" data-testid="export-earlier-parts">
      {parts.map((part) => {
        const n = part.part;
        const size = megabytes(part.sizeBytes ?? 0);
        const count = part.fileCount ?? 0;
        return (
          <li key={part.id} className="flex flex-wrap items-center gap-3">
            <span>
              <Trans>
                Part {n}: <Plural value={count} one="# image" other="# images" />, {size}.
              </Trans>
            </span>
            <DownloadLink info={part} primary={false} numbered />
          </li>
        );
      })}
    </ul>
  );
}

/** "My data": one zip of everything the account holds, built by a job whose progress is shown as it runs. */
export function DataExportSection() {
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  // Polled while the job runs (the bar moves as images are added).
  const latest = useQuery({
    ...queries.accountExport(),
    refetchInterval: (query) => (query.state.data?.export?.status === 'PROCESSING' ? DATA_EXPORT.pollMs : false),
  });
  const current: DataExportInfo | null | undefined = latest.data ? latest.data.export : undefined;
  const earlierParts = latest.data?.earlierParts ?? [];
  const startExport = useMutation({
    mutationFn: () => accountApi.startExport(),
    onSuccess: (answer) => queryClient.setQueryData(keys.accountExport, answer),
  });
  const nextPart = useMutation({
    mutationFn: () => accountApi.startNextExportPart(),
    onSuccess: (answer) => queryClient.setQueryData(keys.accountExport, answer),
  });
  const failed = startExport.error ?? nextPart.error ?? latest.error;
  const error = failed ? errorText(failed) : null;
  const pending = startExport.isPending;
  const start = () => startExport.mutate();

  const running = current?.status === 'PROCESSING';
  return (
    <section aria-labelledby="export-heading" className="rounded-2xl border border-white/10 bg-ink-900/60 p-5" data-testid="data-export">
      <h2 id="export-heading" className="text-lg font-semibold text-white">
        <Trans>Download my data</Trans>
      </h2>
      <p className="mt-1 text-sm text-zinc-400">
        <Trans>One zip file with your profile, orders, credit history, creation records and your own images.</Trans>
      </p>
      {running && <EarlierParts parts={earlierParts} />}
      {running && <ExportProgress progress={current.progress} part={current.part} />}
      {current?.status === 'COMPLETED' && current.downloadUrl && (
        <ExportReady export={current} earlierParts={earlierParts} onNextPart={() => nextPart.mutate()} nextPending={nextPart.isPending} />
      )}
      {current?.status === 'FAILED' && (
        <p role="alert" className="mt-4 text-sm text-rose-300">
          <Trans>The export could not be made. Please try again.</Trans>
        </p>
      )}
      {error && (
        <p role="alert" className="mt-4 text-sm text-rose-300">
          {error}
        </p>
      )}
      {!running && current !== undefined && (
        <Button variant={current?.status === 'COMPLETED' ? 'secondary' : 'primary'} onPress={start} pending={pending} className="mt-4">
          {current?.status === 'COMPLETED' ? <Trans>Prepare a new export</Trans> : <Trans>Prepare my data</Trans>}
        </Button>
      )}
    </section>
  );
}

/** State of the deletion flow: the preview, the mailed code, and the two requests (send code, delete). */
function useAccountDeletion() {
  const { t } = useLingui();
  const errorText = useErrorText();
  const toast = useToast();
  const session = useSession();
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const [error, setError] = useState<{ field?: 'code'; text: string } | null>(null);

  const previewQuery = useQuery(queries.deletionPreview());
  const preview = previewQuery.data ?? null;
  const shownError = error ?? (previewQuery.error ? { text: errorText(previewQuery.error) } : null);

  const sendCodeRequest = useMutation({
    mutationFn: () => accountApi.sendDeletionCode(),
    onMutate: () => setError(null),
    onError: (e) => setError({ text: errorText(e) }),
  });
  const deleteRequest = useMutation({
    mutationFn: (verificationCode: string) => accountApi.deleteAccount(verificationCode),
    onMutate: () => setError(null),
    onSuccess: () => {
      session.clear();
      toast.success(t`Your account was deleted.`);
      void navigate({ to: '/' });
    },
    onError: (e) => {
      const onCode = e instanceof ApiError && e.field === 'verificationCode';
      const text =
        e instanceof ApiError && e.code === 'CONFLICT'
          ? t`Some of your images or your data export are still being made. Try again when they are finished.`
          : errorText(e);
      setError({ field: onCode ? 'code' : undefined, text });
    },
  });

  function confirm(event: FormEvent) {
    event.preventDefault();
    if (!/^\d{6}$/.test(code.trim())) return setError({ field: 'code', text: t`The verification code is 6 digits` });
    deleteRequest.mutate(code.trim());
  }

  return {
    preview,
    codeSent: sendCodeRequest.isSuccess,
    code,
    setCode,
    shownError,
    // Stays pending after a successful deletion, while the app navigates away.
    pending: sendCodeRequest.isPending || deleteRequest.isPending || deleteRequest.isSuccess,
    sendCode: () => sendCodeRequest.mutate(),
    confirm,
  };
}

/** What deleting the account removes, forfeits and keeps. */
function DeletionPreview({ preview }: { preview: DeletionPreviewInfo }) {
  const { i18n } = useLingui();
  const forfeited = formatCreditsExact(preview.creditsForfeited, i18n.locale);
  return (
    <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-zinc-300">
      <li>
        <Trans>Your profile, sign-in methods, creations and images are removed for good.</Trans>
      </li>
      <li>
        <Trans>Your remaining {forfeited} credits are lost.</Trans>
      </li>
      {preview.subscription && (
        <li>
          <Trans>Your {preview.subscription.planName} subscription is cancelled at the payment provider first.</Trans>
        </li>
      )}
      <li>
        <Trans>Orders, refunds and the credit history stay as our accounting record, without your name or e-mail.</Trans>
      </li>
      <li>
        <Trans>Signing in with {preview.email} later starts a new, empty account.</Trans>
      </li>
    </ul>
  );
}

/** Delete account: says what goes and what stays, then asks for a code mailed to the account's address. */
export function DeleteAccountSection() {
  const { t } = useLingui();
  const { preview, codeSent, code, setCode, shownError, pending, sendCode, confirm } = useAccountDeletion();

  return (
    <section
      aria-labelledby="delete-heading"
      className="rounded-2xl border border-rose-500/30 bg-rose-950/20 p-5"
      data-testid="delete-account"
    >
      <h2 id="delete-heading" className="text-lg font-semibold text-white">
        <Trans>Delete my account</Trans>
      </h2>
      {preview && <DeletionPreview preview={preview} />}
      {!codeSent ? (
        <div className="mt-4 flex flex-col gap-2">
          {shownError && (
            <p role="alert" className="text-sm text-rose-300">
              {shownError.text}
            </p>
          )}
          <Button variant="danger" onPress={sendCode} pending={pending} isDisabled={!preview} className="self-start">
            <Trans>Send deletion code</Trans>
          </Button>
        </div>
      ) : (
        <form onSubmit={confirm} noValidate className="mt-4 flex max-w-md flex-col gap-4" data-testid="delete-form">
          <Field
            label={t`Code sent to ${preview?.email ?? ''}`}
            value={code}
            onChange={setCode}
            error={shownError?.field === 'code' ? shownError.text : undefined}
            inputProps={{ inputMode: 'numeric', autoComplete: 'one-time-code', maxLength: 6 }}
          />
          {shownError && !shownError.field && (
            <p role="alert" className="text-sm text-rose-300">
              {shownError.text}
            </p>
          )}
          <Button type="submit" variant="danger" pending={pending} className="self-start">
            <Trans>Delete my account for good</Trans>
          </Button>
        </form>
      )}
    </section>
  );
}
