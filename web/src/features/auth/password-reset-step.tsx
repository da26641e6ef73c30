import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { PasswordResetConfirm } from '@worker/contract/auth';
import type { SignInResponse } from '@web/api/types';
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

/** The reset's state: the code and new password, their errors, the resend countdown, and the two requests. */
function usePasswordReset(email: string, onSuccess: (result: SignInResponse) => void) {
  const { t } = useLingui();
  const errorText = useErrorText();
  const translate = useValidationText();
  const [sent, setSent] = useState(false);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [countdown, setCountdown] = useCountdown();

  function serverError(error: unknown): Errors {
    if (error instanceof ApiError && error.code === 'RATE_LIMITED')
      return { form: t`Too many password reset requests, please try again later` };
    if (error instanceof ApiError && error.field && ['email', 'verificationCode', 'password'].includes(error.field))
      return { [error.field]: errorText(error) };
    return { form: errorText(error) };
  }

  const request = useMutation({
    mutationFn: (address: string) => passwordResetApi.request(address),
    onSuccess: (answer) => {
      setSent(true);
      setCountdown(answer.resendAfterSeconds);
    },
    onError: (error) => setErrors(serverError(error)),
  });
  const reset = useMutation({
    mutationFn: (body: PasswordResetConfirm) => passwordResetApi.confirm(body),
    onSuccess,
    onError: (error) => setErrors(serverError(error)),
  });

  function send(event?: FormEvent) {
    event?.preventDefault();
    const parsed = passwordResetRequest.safeParse({ email });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error, translate));
    setErrors({});
    request.mutate(parsed.data.email);
  }

  function confirm(event: FormEvent) {
    event.preventDefault();
    const parsed = passwordResetConfirm.safeParse({ email, verificationCode: code, password });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error, translate));
    setErrors({});
    reset.mutate(parsed.data);
  }

  return {
    sent,
    fields: { code, setCode, password, setPassword },
    errors,
    // A successful reset stays busy: the caller signs in and moves on.
    pending: request.isPending || reset.isPending || reset.isSuccess,
    countdown,
    send,
    confirm,
  };
}

type ResetFields = ReturnType<typeof usePasswordReset>['fields'];

const FormError = ({ text }: { text?: string }) =>
  text ? (
    <p role="alert" className="rounded-xl border border-rose-500/30 bg-rose-500/10 px-3 py-2 text-sm text-rose-200">
      {text}
    </p>
  ) : null;

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
  onSuccess: (result: SignInResponse) => void;
  onBack: () => void;
}) {
  const { sent, fields, errors, pending, countdown, send, confirm } = usePasswordReset(email, onSuccess);

  return (
    <div className="flex flex-col gap-4">
      <h3 className="text-base font-semibold">
        <Trans>Reset your password</Trans>
      </h3>
      {!sent ? (
        <ResetRequestForm email={email} onEmailChange={onEmailChange} errors={errors} pending={pending} onSubmit={send} />
      ) : (
        <ResetConfirmForm
          email={email}
          fields={fields}
          errors={errors}
          pending={pending}
          countdown={countdown}
          onSubmit={confirm}
          onResend={() => send()}
        />
      )}
      <Button variant="ghost" onPress={onBack}>
        <Trans>Back to sign in</Trans>
      </Button>
    </div>
  );
}

/** The first step: the account's e-mail, to mail it a code. */
function ResetRequestForm({
  email,
  onEmailChange,
  errors,
  pending,
  onSubmit,
}: {
  email: string;
  onEmailChange: (email: string) => void;
  errors: Errors;
  pending: boolean;
  onSubmit: (event: FormEvent) => void;
}) {
  const { t } = useLingui();
  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-4" noValidate>
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
      <FormError text={errors.form} />
      <Button type="submit" pending={pending} className="w-full">
        <Trans>Send reset code</Trans>
      </Button>
    </form>
  );
}

/** The second step: the mailed code and the new password, with a resend after the wait. */
function ResetConfirmForm({
  email,
  fields,
  errors,
  pending,
  countdown,
  onSubmit,
  onResend,
}: {
  email: string;
  fields: ResetFields;
  errors: Errors;
  pending: boolean;
  countdown: number;
  onSubmit: (event: FormEvent) => void;
  onResend: () => void;
}) {
  const { t } = useLingui();
  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-4" noValidate>
      <p role="status" className="rounded-xl border border-emerald-500/30 bg-emerald-500/10 px-3 py-2 text-sm text-emerald-200">
        <Trans>If an account uses {email}, a reset code is on its way. It is valid for 10 minutes.</Trans>
      </p>
      <Field
        label={t`Reset code`}
        value={fields.code}
        onChange={(v) => fields.setCode(v.replace(/\D/g, '').slice(0, 6))}
        error={errors.verificationCode}
        autoComplete="one-time-code"
        autoFocus
        inputProps={{ inputMode: 'numeric', placeholder: '123456' }}
      />
      <PasswordField
        label={t`New password`}
        value={fields.password}
        onChange={fields.setPassword}
        error={errors.password}
        autoComplete="new-password"
        description={t`At least 8 characters (up to 128).`}
      />
      <FormError text={errors.form} />
      <Button type="submit" pending={pending} className="w-full">
        <Trans>Set new password and sign in</Trans>
      </Button>
      <p className="text-center text-xs text-zinc-400">
        {countdown > 0 ? (
          <Trans>You can request another code in {countdown} s</Trans>
        ) : (
          <button type="button" onClick={onResend} className="font-medium text-fuchsia-300 underline-offset-2 hover:underline">
            <Trans>Send another code</Trans>
          </button>
        )}
      </p>
    </form>
  );
}
