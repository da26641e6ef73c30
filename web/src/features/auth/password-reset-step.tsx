import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import type { AuthResponse } from '@worker/contract/auth';
import { passwordResetConfirm, passwordResetRequest } from '@worker/contract/auth-rules';
import { passwordResetApi } from '../../api/accounts';
import { ApiError } from '../../api/client';
import { useErrorText } from '../../api/error-text';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { PasswordField } from './password-field';
import { useCountdown } from './use-countdown';
import { fieldErrors, useValidationText } from './validation-text';

type Errors = Partial<Record<'email' | 'verificationCode' | 'password' | 'form', string>>;

/**
 * "Forgot password?": mails a six-digit code (the answer never says whether the address has an
 * account), then takes the code and a new password. Success signs in here and ends every other
 * session; the owner also gets an e-mail saying the password changed.
 */
export function PasswordResetStep({
  email,
  onEmailChange,
  onSuccess,
  onBack,
}: {
  email: string;
  onEmailChange: (email: string) => void;
  onSuccess: (result: AuthResponse) => void;
  onBack: () => void;
}) {
  const { t } = useLingui();
  const errorText = useErrorText();
  const translate = useValidationText();
  const [sent, setSent] = useState(false);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [pending, setPending] = useState(false);
  const [countdown, setCountdown] = useCountdown();

  function serverError(error: unknown): Errors {
    if (error instanceof ApiError && error.code === 'RATE_LIMITED')
      return { form: t`Too many password reset requests, please try again later` };
    if (error instanceof ApiError && error.field && ['email', 'verificationCode', 'password'].includes(error.field))
      return { [error.field]: translate(error.message) };
    return { form: errorText(error) };
  }

  async function send(event?: FormEvent) {
    event?.preventDefault();
    const parsed = passwordResetRequest.safeParse({ email });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error, translate));
    setErrors({});
    setPending(true);
    try {
      const answer = await passwordResetApi.request(parsed.data.email);
      setSent(true);
      setCountdown(answer.resendAfterSeconds);
    } catch (error) {
      setErrors(serverError(error));
    } finally {
      setPending(false);
    }
  }

  async function confirm(event: FormEvent) {
    event.preventDefault();
    const parsed = passwordResetConfirm.safeParse({ email, verificationCode: code, password });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error, translate));
    setErrors({});
    setPending(true);
    try {
      onSuccess(await passwordResetApi.confirm(parsed.data));
    } catch (error) {
      setErrors(serverError(error));
      setPending(false);
    }
  }

  const formError = errors.form && (
    <p role="alert" className="rounded-xl border border-rose-500/30 bg-rose-500/10 px-3 py-2 text-sm text-rose-200">
      {errors.form}
    </p>
  );

  return (
    <div className="flex flex-col gap-4">
      <h3 className="text-base font-semibold">
        <Trans>Reset your password</Trans>
      </h3>
      {!sent ? (
        <form onSubmit={send} className="flex flex-col gap-4" noValidate>
          <p className="text-sm text-zinc-400">
            <Trans>Enter the e-mail of your account. We will send you a code to choose a new password.</Trans>
          </p>
          <Field
            label={t`E-mail`}
            type="email"
            value={email}
            onChange={onEmailChange}
            error={errors.email}
            autoComplete="username"
            autoFocus
            inputProps={{ placeholder: 'you@example.com', autoCapitalize: 'none', spellCheck: false }}
          />
          {formError}
          <Button type="submit" pending={pending} className="w-full">
            <Trans>Send reset code</Trans>
          </Button>
        </form>
      ) : (
        <form onSubmit={confirm} className="flex flex-col gap-4" noValidate>
          <p role="status" className="rounded-xl border border-emerald-500/30 bg-emerald-500/10 px-3 py-2 text-sm text-emerald-200">
            <Trans>If an account uses {email}, a reset code is on its way. It is valid for 10 minutes.</Trans>
          </p>
          <Field
            label={t`Reset code`}
            value={code}
            onChange={(v) => setCode(v.replace(/\D/g, '').slice(0, 6))}
            error={errors.verificationCode}
            autoComplete="one-time-code"
            autoFocus
            inputProps={{ inputMode: 'numeric', placeholder: '123456' }}
          />
          <PasswordField
            label={t`New password`}
            value={password}
            onChange={setPassword}
            error={errors.password}
            autoComplete="new-password"
            description={t`At least 8 characters (up to 128).`}
          />
          {formError}
          <Button type="submit" pending={pending} className="w-full">
            <Trans>Set new password and sign in</Trans>
          </Button>
          <p className="text-center text-xs text-zinc-400">
            {countdown > 0 ? (
              <Trans>You can request another code in {countdown} s</Trans>
            ) : (
              <button type="button" onClick={() => void send()} className="font-medium text-fuchsia-300 underline-offset-2 hover:underline">
                <Trans>Send another code</Trans>
              </button>
            )}
          </p>
        </form>
      )}
      <Button variant="ghost" onPress={onBack}>
        <Trans>Back to sign in</Trans>
      </Button>
    </div>
  );
}
