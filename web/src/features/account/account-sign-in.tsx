import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import type { AccountOverview } from '@worker/contract/account';
import { ApiError } from '../../api/client';
import { useErrorText } from '../../api/error-text';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { useToast } from '../../ui/toast';
import { PasswordField } from '../auth/password-field';
import { useSession } from '../auth/session';
import { accountApi } from '../../api/accounts';

type Errors = Partial<Record<'currentPassword' | 'newPassword' | 'newEmail' | 'verificationCode' | 'currentEmailCode' | 'form', string>>;
const CODE = /^\d{6}$/;

/** Server errors of the account forms, on the field they name (code → translated text, else the server's words). */
function useAccountErrors() {
  const { t } = useLingui();
  const errorText = useErrorText();
  return (error: unknown, fields: (keyof Errors)[]): Errors => {
    if (error instanceof ApiError) {
      if (error.code === 'WRONG_PASSWORD') return { currentPassword: t`The current password is incorrect` };
      if (error.code === 'CONFLICT' && error.field === 'newEmail') return { newEmail: t`An account with this e-mail already exists` };
      if (error.code === 'NO_CHANGES' && error.field === 'newEmail') return { newEmail: t`This is already your e-mail` };
      if (error.code === 'NO_CHANGES' && error.field === 'newPassword')
        return { newPassword: t`The new password is the same as the current one` };
      const text = error.code === 'VALIDATION_FAILED' ? error.message : errorText(error);
      if (error.field && fields.includes(error.field as keyof Errors)) return { [error.field]: text };
    }
    return { form: errorText(error) };
  };
}

const FormError = ({ text }: { text?: string }) =>
  text ? (
    <p role="alert" className="text-sm text-rose-300">
      {text}
    </p>
  ) : null;

/** Change password (current + new), or, for an account without a password, set one with a code mailed to it. */
export function PasswordSection({ overview, onChanged }: { overview: AccountOverview; onChanged: () => void }) {
  const { t } = useLingui();
  const toast = useToast();
  const session = useSession();
  const toErrors = useAccountErrors();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [code, setCode] = useState('');
  const [codeSent, setCodeSent] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const local: Errors = {};
    if (overview.hasPassword && !current) local.currentPassword = t`Please enter your current password`;
    if (!overview.hasPassword && !CODE.test(code.trim())) local.verificationCode = t`The verification code is 6 digits`;
    if (next.length < 8) local.newPassword = t`Password must be at least 8 characters`;
    setErrors(local);
    if (Object.keys(local).length) return;
    setPending(true);
    try {
      const result = overview.hasPassword
        ? await accountApi.changePassword({ currentPassword: current, newPassword: next })
        : await accountApi.setPassword({ email: overview.email, verificationCode: code.trim(), password: next });
      session.signIn(result.token, result.user);
      setCurrent('');
      setNext('');
      setCode('');
      setCodeSent(false);
      toast.success(
        overview.hasPassword ? t`Password changed. Other devices were signed out.` : t`Password set. Other devices were signed out.`,
      );
      onChanged();
    } catch (error) {
      setErrors(toErrors(error, ['currentPassword', 'newPassword', 'verificationCode']));
    } finally {
      setPending(false);
    }
  }

  async function sendCode() {
    setPending(true);
    try {
      await accountApi.sendPasswordCode(overview.email);
      setCodeSent(true);
      setErrors({});
    } catch (error) {
      setErrors(toErrors(error, []));
    } finally {
      setPending(false);
    }
  }

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
        <form onSubmit={submit} noValidate className="mt-4 flex max-w-md flex-col gap-4" data-testid="password-form">
          {overview.hasPassword ? (
            <PasswordField
              label={t`Current password`}
              value={current}
              onChange={setCurrent}
              error={errors.currentPassword}
              autoComplete="current-password"
            />
          ) : (
            <Field
              label={t`Code sent to ${overview.email}`}
              value={code}
              onChange={setCode}
              error={errors.verificationCode}
              inputProps={{ inputMode: 'numeric', autoComplete: 'one-time-code', maxLength: 6 }}
            />
          )}
          <PasswordField
            label={t`New password`}
            value={next}
            onChange={setNext}
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
      )}
    </section>
  );
}

/** Change e-mail: a code to the new address, plus the current password (or a code at the current address). */
export function EmailSection({ overview, onChanged }: { overview: AccountOverview; onChanged: () => void }) {
  const { t } = useLingui();
  const toast = useToast();
  const session = useSession();
  const toErrors = useAccountErrors();
  const [newEmail, setNewEmail] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [ownerCodeSent, setOwnerCodeSent] = useState(false);
  const [code, setCode] = useState('');
  const [ownerCode, setOwnerCode] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [pending, setPending] = useState(false);

  async function send(event: FormEvent) {
    event.preventDefault();
    const address = newEmail.trim().toLowerCase();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address)) return setErrors({ newEmail: t`Please enter a valid email` });
    setPending(true);
    try {
      const sent = await accountApi.sendEmailChangeCode(address);
      setSentTo(address);
      setOwnerCodeSent(sent.currentEmailCodeSent);
      setErrors({});
    } catch (error) {
      setErrors(toErrors(error, ['newEmail']));
    } finally {
      setPending(false);
    }
  }

  async function confirm(event: FormEvent) {
    event.preventDefault();
    const local: Errors = {};
    if (!CODE.test(code.trim())) local.verificationCode = t`The verification code is 6 digits`;
    if (ownerCodeSent && !CODE.test(ownerCode.trim())) local.currentEmailCode = t`The verification code is 6 digits`;
    if (overview.hasPassword && !password) local.currentPassword = t`Please enter your current password`;
    setErrors(local);
    if (Object.keys(local).length || !sentTo) return;
    setPending(true);
    try {
      const result = await accountApi.confirmEmailChange({
        newEmail: sentTo,
        verificationCode: code.trim(),
        ...(overview.hasPassword ? { currentPassword: password } : { currentEmailCode: ownerCode.trim() }),
      });
      session.signIn(result.token, result.user);
      toast.success(t`Your e-mail is now ${result.user.email}. Other devices were signed out.`);
      setSentTo(null);
      setNewEmail('');
      setCode('');
      setOwnerCode('');
      setPassword('');
      onChanged();
    } catch (error) {
      setErrors(toErrors(error, ['verificationCode', 'currentEmailCode', 'currentPassword', 'newEmail']));
    } finally {
      setPending(false);
    }
  }

  return (
    <section aria-labelledby="email-heading" className="rounded-2xl border border-white/10 bg-ink-900/60 p-5">
      <h2 id="email-heading" className="text-lg font-semibold text-white">
        <Trans>Change e-mail</Trans>
      </h2>
      <p className="mt-1 text-sm text-zinc-400">
        <Trans>Your e-mail is {overview.email}. We send a code to the new address to make sure it is yours.</Trans>
      </p>
      {!sentTo ? (
        <NewEmailForm value={newEmail} onChange={setNewEmail} errors={errors} pending={pending} onSubmit={send} />
      ) : (
        <form onSubmit={confirm} noValidate className="mt-4 flex max-w-md flex-col gap-4" data-testid="email-confirm-form">
          <Field
            label={t`Code sent to ${sentTo}`}
            value={code}
            onChange={setCode}
            error={errors.verificationCode}
            inputProps={{ inputMode: 'numeric', autoComplete: 'one-time-code', maxLength: 6 }}
          />
          {ownerCodeSent && (
            <Field
              label={t`Code sent to ${overview.email}`}
              value={ownerCode}
              onChange={setOwnerCode}
              error={errors.currentEmailCode}
              inputProps={{ inputMode: 'numeric', maxLength: 6 }}
            />
          )}
          {overview.hasPassword && (
            <PasswordField
              label={t`Current password`}
              value={password}
              onChange={setPassword}
              error={errors.currentPassword}
              autoComplete="current-password"
            />
          )}
          <FormError text={errors.form ?? errors.newEmail} />
          <div className="flex gap-2">
            <Button type="submit" pending={pending}>
              <Trans>Change e-mail</Trans>
            </Button>
            <Button variant="ghost" onPress={() => setSentTo(null)}>
              <Trans>Use another address</Trans>
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}

/** The first step of changing the e-mail: the new address, to send it a code. */
function NewEmailForm({
  value,
  onChange,
  errors,
  pending,
  onSubmit,
}: {
  value: string;
  onChange: (value: string) => void;
  errors: Errors;
  pending: boolean;
  onSubmit: (event: FormEvent) => void;
}) {
  const { t } = useLingui();
  return (
    <form onSubmit={onSubmit} noValidate className="mt-4 flex max-w-md flex-col gap-4" data-testid="email-form">
      <Field
        label={t`New e-mail`}
        type="email"
        value={value}
        onChange={onChange}
        error={errors.newEmail}
        inputProps={{ autoComplete: 'email', maxLength: 254 }}
      />
      <FormError text={errors.form} />
      <Button type="submit" pending={pending} className="self-start">
        <Trans>Send code</Trans>
      </Button>
    </form>
  );
}
