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
function ExportProgress({ progress }: { progress: number }) {
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
            <span>
              <Trans>Preparing your data…</Trans>
            </span>
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

/** The finished export: its size, when the link expires, and the download link. */
function ExportReady({ export: info, downloadUrl }: { export: DataExportInfo; downloadUrl: string }) {
  return (
    <div className="mt-4 flex flex-col gap-2 text-sm text-zinc-300" data-testid="export-ready">
      <p>
        <Trans>
          Ready: <Plural value={info.fileCount ?? 0} one="# image" other="# images" />, {megabytes(info.sizeBytes ?? 0)}. The link works
          until {formatDate(info.expiresAt!)}.
        </Trans>
      </p>
      <a
        href={downloadUrl}
        download={info.fileName ?? undefined}
        className="self-start rounded-xl bg-gradient-to-r from-violet-500 to-fuchsia-500 px-4 py-2.5 text-sm font-semibold text-white hover:brightness-110"
      >
        <Trans>Download zip</Trans>
      </a>
    </div>
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
  const startExport = useMutation({
    mutationFn: () => accountApi.startExport(),
    onSuccess: (answer) => queryClient.setQueryData(keys.accountExport, answer),
  });
  const failed = startExport.error ?? latest.error;
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
      {running && <ExportProgress progress={current.progress} />}
      {current?.status === 'COMPLETED' && current.downloadUrl && <ExportReady export={current} downloadUrl={current.downloadUrl} />}
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
