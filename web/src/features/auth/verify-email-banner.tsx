import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Input, Label, TextField } from 'react-aria-components';
import { verificationCode as codeSchema } from '@worker/contract/auth-rules';
import { ApiError } from '../../api/client';
import { useErrorText } from '../../api/error-text';
import { Button } from '../../ui/button';
import { useToast } from '../../ui/toast';
import { emailVerificationApi } from '../../api/accounts';
import { queries } from '../../api/queries';
import { useSession } from './session';
import { useValidationText } from './validation-text';
import { useCountdown } from './use-countdown';

/**
 * Shown to a signed-in account whose e-mail is not verified (password sign-ups): says what it waits
 * for (its free credits, its inviter's reward), takes the mailed code, and resends after the 60 s
 * wait (spec §9). Credits are granted by the server when the code checks out (docs/decisions/008).
 */
export function VerifyEmailBanner() {
  const { user } = useSession();
  if (!user || user.emailVerified) return null;
  // Keyed by account, so another sign-in starts from a fresh state.
  return <Banner key={user.id} />;
}

/** The banner's state: the code, its error, the resend countdown, and the verify and resend requests. */
function useEmailVerification() {
  const { t } = useLingui();
  const toast = useToast();
  const errorText = useErrorText();
  const translate = useValidationText();
  const session = useSession();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [countdown, setCountdown] = useCountdown();

  const status = useQuery(queries.emailVerification()).data;
  // The server's resend wait starts the countdown once, when the status first arrives.
  const [seeded, setSeeded] = useState(false);
  if (status && !seeded) {
    setSeeded(true);
    setCountdown(status.resendAfterSeconds);
  }

  const resend = useMutation({
    mutationFn: () => emailVerificationApi.sendCode(),
    onMutate: () => setError(undefined),
    onSuccess: () => {
      setCountdown(60);
      toast.success(t`Verification code sent`);
    },
    onError: (e) => {
      if (e instanceof ApiError && e.code === 'RESEND_TOO_SOON') setCountdown(e.retryAfter ?? 60);
      setError(errorText(e));
    },
  });
  const check = useMutation({
    mutationFn: (verificationCode: string) => emailVerificationApi.verify(verificationCode),
    onSuccess: (result) => {
      // The pre-verification session ends on the server; the answer carries its replacement. The
      // new user object also makes the header reload the balance, so the credits appear at once.
      session.signIn(result.token, result.user);
      const credits = result.newUserBonus;
      toast.success(credits > 0 ? t`E-mail verified: ${credits} free credits added` : t`E-mail verified`);
    },
    // Not "login failed" (the shared text for this code): the user is signed in and verifying.
    onError: (e) =>
      setError(
        e instanceof ApiError && e.code === 'INVALID_CODE' ? t`That code is not right, please check it and try again` : errorText(e),
      ),
  });

  function verify(event: FormEvent) {
    event.preventDefault();
    const parsed = codeSchema.safeParse(code);
    if (!parsed.success) {
      setError(translate(parsed.error.issues[0]!.message));
      return;
    }
    setError(undefined);
    check.mutate(parsed.data);
  }

  return {
    status,
    code,
    setCode,
    error,
    countdown,
    // A verified account stays "verifying" until the banner goes away with the new session.
    verifying: check.isPending || check.isSuccess,
    sending: resend.isPending,
    verify,
    resend: () => resend.mutate(),
  };
}

function Banner() {
  const session = useSession();
  const { status, code, setCode, error, countdown, verifying, sending, verify, resend } = useEmailVerification();

  const email = status?.email ?? session.user?.email ?? '';
  const bonus = status?.newUserBonus ?? 0;
  const inviterReward = status?.inviterReward ?? null;
  return (
    <section
      aria-labelledby="verify-email-title"
      data-testid="verify-email-banner"
      className="border-b border-amber-400/20 bg-gradient-to-r from-amber-500/[0.08] via-fuchsia-500/[0.06] to-violet-500/[0.08]"
    >
      <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-3 sm:px-6 lg:flex-row lg:items-center lg:gap-6">
        <div className="flex min-w-0 flex-1 items-start gap-3">
          <span
            aria-hidden
            className="mt-0.5 flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-amber-400/15 text-amber-200 ring-1 ring-amber-300/30"
          >
            <MailIcon />
          </span>
          <div className="min-w-0">
            <h2 id="verify-email-title" className="text-sm font-semibold text-amber-50">
              <BannerTitle bonus={bonus} inviterReward={inviterReward} />
            </h2>
            <p className="mt-0.5 text-xs text-zinc-300">
              <Trans>
                Enter the 6-digit code we sent to <span className="break-all font-medium text-zinc-100">{email}</span>. It is valid for 10
                minutes.
              </Trans>
            </p>
          </div>
        </div>
        <VerifyCodeForm
          code={code}
          onCodeChange={setCode}
          error={error}
          countdown={countdown}
          verifying={verifying}
          sending={sending}
          onVerify={verify}
          onResend={resend}
        />
      </div>
    </section>
  );
}

/** The code field with Verify, and Resend once the wait is over. */
function VerifyCodeForm({
  code,
  onCodeChange,
  error,
  countdown,
  verifying,
  sending,
  onVerify,
  onResend,
}: {
  code: string;
  onCodeChange: (code: string) => void;
  error: string | undefined;
  countdown: number;
  verifying: boolean;
  sending: boolean;
  onVerify: (event: FormEvent) => void;
  onResend: () => void;
}) {
  const { t } = useLingui();
  return (
    <form onSubmit={onVerify} noValidate className="flex flex-col gap-1.5 lg:w-auto">
      <div className="flex flex-wrap items-center gap-2">
        <TextField
          value={code}
          onChange={(v) => onCodeChange(v.replace(/\D/g, '').slice(0, 6))}
          isInvalid={Boolean(error)}
          className="min-w-0 flex-1 lg:flex-none"
        >
          <Label className="sr-only">{t`Verification code`}</Label>
          <Input
            inputMode="numeric"
            autoComplete="one-time-code"
            placeholder="123456"
            maxLength={6}
            data-testid="verify-email-code"
            className="w-full rounded-xl border border-white/10 bg-ink-900 px-3 py-2 text-center font-mono text-base tracking-[0.35em] text-zinc-100 outline-none transition placeholder:tracking-[0.35em] placeholder:text-zinc-600 focus:border-violet-400 data-[invalid]:border-rose-400 lg:w-36"
          />
        </TextField>
        <Button type="submit" pending={verifying} className="px-4 py-2">
          <Trans>Verify</Trans>
        </Button>
        <Button
          variant="ghost"
          className="whitespace-nowrap px-3 py-2 tabular-nums"
          isDisabled={countdown > 0 || sending}
          pending={sending}
          onPress={onResend}
        >
          {countdown > 0 ? <Trans>Resend in {countdown}s</Trans> : <Trans>Resend code</Trans>}
        </Button>
      </div>
      {error && (
        <p role="alert" className="text-xs text-rose-300">
          {error}
        </p>
      )}
    </form>
  );
}

/** An envelope. */
function MailIcon() {
  return (
    <svg
      aria-hidden
      viewBox="0 0 24 24"
      className="h-5 w-5"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="m3.5 6.5 8.5 6 8.5-6" />
    </svg>
  );
}

/** What verifying gives: the free credits, the inviter's reward, both, or neither. */
function BannerTitle({ bonus, inviterReward }: { bonus: number; inviterReward: unknown }) {
  return bonus > 0 && inviterReward ? (
    <Trans>Verify your e-mail to receive your {bonus} free credits (and give your inviter their reward)</Trans>
  ) : bonus > 0 ? (
    <Trans>Verify your e-mail to receive your {bonus} free credits</Trans>
  ) : inviterReward ? (
    <Trans>Verify your e-mail to give your inviter their reward</Trans>
  ) : (
    <Trans>Verify your e-mail</Trans>
  );
}
