import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ProgressBar } from 'react-aria-components';
import { DATA_EXPORT, type DataExportInfo } from '@worker/contract/account';
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

/** "My data": one zip of everything the account holds, built by a job whose progress is shown as it runs. */
export function DataExportSection() {
  const { t } = useLingui();
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
      {running && (
        <ProgressBar
          value={current.progress}
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
      )}
      {current?.status === 'COMPLETED' && current.downloadUrl && (
        <div className="mt-4 flex flex-col gap-2 text-sm text-zinc-300" data-testid="export-ready">
          <p>
            <Trans>
              Ready: <Plural value={current.fileCount ?? 0} one="# image" other="# images" />, {megabytes(current.sizeBytes ?? 0)}. The link
              works until {formatDate(current.expiresAt!)}.
            </Trans>
          </p>
          <a
            href={current.downloadUrl}
            download={current.fileName ?? undefined}
            className="self-start rounded-xl bg-gradient-to-r from-violet-500 to-fuchsia-500 px-4 py-2.5 text-sm font-semibold text-white hover:brightness-110"
          >
            <Trans>Download zip</Trans>
          </a>
        </div>
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

/** Delete account: says what goes and what stays, then asks for a code mailed to the account's address. */
export function DeleteAccountSection() {
  const { t, i18n } = useLingui();
  const errorText = useErrorText();
  const toast = useToast();
  const session = useSession();
  const navigate = useNavigate();
  const [codeSent, setCodeSent] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<{ field?: 'code'; text: string } | null>(null);
  const [pending, setPending] = useState(false);

  const previewQuery = useQuery(queries.deletionPreview());
  const preview = previewQuery.data ?? null;
  const forfeited = preview ? formatCreditsExact(preview.creditsForfeited, i18n.locale) : '';
  const shownError = error ?? (previewQuery.error ? { text: errorText(previewQuery.error) } : null);

  async function sendCode() {
    setPending(true);
    setError(null);
    try {
      await accountApi.sendDeletionCode();
      setCodeSent(true);
    } catch (e) {
      setError({ text: errorText(e) });
    } finally {
      setPending(false);
    }
  }

  async function confirm(event: FormEvent) {
    event.preventDefault();
    if (!/^\d{6}$/.test(code.trim())) return setError({ field: 'code', text: t`The verification code is 6 digits` });
    setPending(true);
    setError(null);
    try {
      await accountApi.deleteAccount(code.trim());
      session.clear();
      toast.success(t`Your account was deleted.`);
      void navigate({ to: '/' });
    } catch (e) {
      const onCode = e instanceof ApiError && e.field === 'verificationCode';
      const text =
        e instanceof ApiError && e.code === 'CONFLICT'
          ? t`Some of your images or your data export are still being made. Try again when they are finished.`
          : errorText(e);
      setError({ field: onCode ? 'code' : undefined, text });
      setPending(false);
    }
  }

  return (
    <section
      aria-labelledby="delete-heading"
      className="rounded-2xl border border-rose-500/30 bg-rose-950/20 p-5"
      data-testid="delete-account"
    >
      <h2 id="delete-heading" className="text-lg font-semibold text-white">
        <Trans>Delete my account</Trans>
      </h2>
      {preview && (
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
      )}
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
