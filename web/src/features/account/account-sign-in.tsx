import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { AccountOverview } from '@web/api/types';
import { ApiError } from '../../api/client';
import { useErrorText } from '../../api/error-text';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { useToast } from '../../ui/toast';
import { PasswordField } from '../auth/password-field';
import { useSession } from '../auth/session';
import { accountApi } from '../../api/accounts';

export type Errors = Partial<
  Record<'currentPassword' | 'newPassword' | 'newEmail' | 'verificationCode' | 'currentEmailCode' | 'form', string>
>;
export const CODE = /^\d{6}$/;

/** Server errors of the account forms, on the field they name (code → translated text, else the server's words). */
export function useAccountErrors() {
  const { t } = useLingui();
  const errorText = useErrorText();
  return (error: unknown, fields: (keyof Errors)[]): Errors => {
    if (error instanceof ApiError) {
      if (error.code === 'WRONG_PASSWORD') return { currentPassword: t`The current password is incorrect` };
      if (error.code === 'CONFLICT' && error.field === 'newEmail') return { newEmail: t`An account with this e-mail already exists` };
      if (error.code === 'NO_CHANGES' && error.field === 'newEmail') return { newEmail: t`This is already your e-mail` };
      if (error.code === 'NO_CHANGES' && error.field === 'newPassword')
        return { newPassword: t`The new password is the same as the current one` };
      const text = errorText(error);
      if (error.field && fields.includes(error.field as keyof Errors)) return { [error.field]: text };
    }
    return { form: errorText(error) };
  };
}

export const FormError = ({ text }: { text?: string }) =>
  text ? (
    <p role="alert" className="text-sm text-rose-300">
      {text}
    </p>
  ) : null;

/** The password form's fields, errors and the two requests (send a code, save the password). */
function usePasswordChange(overview: AccountOverview, onChanged: () => void) {
  const { t } = useLingui();
  const toast = useToast();
  const session = useSession();
  const toErrors = useAccountErrors();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [code, setCode] = useState('');
  const [codeSent, setCodeSent] = useState(false);
  const [errors, setErrors] = useState<Errors>({});

  const save = useMutation({
    mutationFn: () =>
      overview.hasPassword
        ? accountApi.changePassword({ currentPassword: current, newPassword: next })
        : accountApi.setPassword({ email: overview.email, verificationCode: code.trim(), password: next }),
    onSuccess: (result) => {
      session.signIn(result.token, result.user);
      setCurrent('');
      setNext('');
      setCode('');
      setCodeSent(false);
      toast.success(
        overview.hasPassword ? t`Password changed. Other devices were signed out.` : t`Password set. Other devices were signed out.`,
      );
      onChanged();
    },
    onError: (error) => setErrors(toErrors(error, ['currentPassword', 'newPassword', 'verificationCode'])),
  });
  const sendCode = useMutation({
    mutationFn: () => accountApi.sendPasswordCode(overview.email),
    onSuccess: () => {
      setCodeSent(true);
      setErrors({});
    },
    onError: (error) => setErrors(toErrors(error, [])),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const local: Errors = {};
    if (overview.hasPassword && !current) local.currentPassword = t`Please enter your current password`;
    if (!overview.hasPassword && !CODE.test(code.trim())) local.verificationCode = t`The verification code is 6 digits`;
    if (next.length < 8) local.newPassword = t`Password must be at least 8 characters`;
    setErrors(local);
    if (Object.keys(local).length) return;
    save.mutate();
  }

  return {
    fields: { current, setCurrent, next, setNext, code, setCode },
    codeSent,
    errors,
    pending: save.isPending || sendCode.isPending,
    submit,
    sendCode: () => sendCode.mutate(),
  };
}

type PasswordFields = ReturnType<typeof usePasswordChange>['fields'];

/** Change password (current + new), or, for an account without a password, set one with a code mailed to it. */
export function PasswordSection({ overview, onChanged }: { overview: AccountOverview; onChanged: () => void }) {
  const { fields, codeSent, errors, pending, submit, sendCode } = usePasswordChange(overview, onChanged);

  return (
    <section aria-labelledby="password-heading" className="rounded-2xl border border-white/10 bg-ink-900/60 p-5">
      <h2 id="password-heading" className="text-lg font-semibold text-white">
        {overview.hasPassword ? <Trans>Change password</Trans> : <Trans>Set a password</Trans>}
      </h2>
      {!overview.hasPassword && (
        <p className="mt-1 text-sm text-zinc-400">
          <Trans>You sign in with an e-mail code or Google. To add a password, we send a code to {overview.email}.</Trans>
        </p>
      )}
      {!overview.hasPassword && !codeSent ? (
        <div className="mt-4 flex flex-col gap-3">
          <FormError text={errors.form} />
          <Button variant="secondary" onPress={sendCode} pending={pending} className="self-start" data-testid="password-send-code">
            <Trans>Send code</Trans>
          </Button>
        </div>
      ) : (
        <PasswordForm overview={overview} fields={fields} errors={errors} pending={pending} onSubmit={submit} />
      )}
    </section>
  );
}

/** The password form: the current password (or the mailed code) and the new one. */
function PasswordForm({
  overview,
  fields,
  errors,
  pending,
  onSubmit,
}: {
  overview: AccountOverview;
  fields: PasswordFields;
  errors: Errors;
  pending: boolean;
  onSubmit: (event: FormEvent) => void;
}) {
  const { t } = useLingui();
  return (
    <form onSubmit={onSubmit} noValidate className="mt-4 flex max-w-md flex-col gap-4" data-testid="password-form">
      {overview.hasPassword ? (
        <PasswordField
          label={t`Current password`}
          value={fields.current}
          onChange={fields.setCurrent}
          error={errors.currentPassword}
          autoComplete="current-password"
        />
      ) : (
        <Field
          label={t`Code sent to ${overview.email}`}
          value={fields.code}
          onChange={fields.setCode}
          error={errors.verificationCode}
          inputProps={{ inputMode: 'numeric', autoComplete: 'one-time-code', maxLength: 6 }}
        />
      )}
      <PasswordField
        label={t`New password`}
        value={fields.next}
        onChange={fields.setNext}
        error={errors.newPassword}
        description={t`At least 8 characters`}
        autoComplete="new-password"
      />
      <FormError text={errors.form} />
      <p className="text-xs text-zinc-500">
        <Trans>Saving signs out every other device.</Trans>
      </p>
      <Button type="submit" pending={pending} className="self-start">
        {overview.hasPassword ? <Trans>Change password</Trans> : <Trans>Set password</Trans>}
      </Button>
    </form>
  );
}
