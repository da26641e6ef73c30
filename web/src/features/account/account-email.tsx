import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { AccountOverview } from '@web/api/types';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { useToast } from '../../ui/toast';
import { PasswordField } from '../auth/password-field';
import { useSession } from '../auth/session';
import { accountApi } from '../../api/accounts';
import { CODE, type Errors, FormError, useAccountErrors } from './account-sign-in';

/** The e-mail change's two steps: send a code to the new address, then confirm with it (and proof of ownership). */
function useEmailChange(overview: AccountOverview, onChanged: () => void) {
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

  const sendCode = useMutation({
    mutationFn: (address: string) => accountApi.sendEmailChangeCode(address),
    onSuccess: (sent, address) => {
      setSentTo(address);
      setOwnerCodeSent(sent.currentEmailCodeSent);
      setErrors({});
    },
    onError: (error) => setErrors(toErrors(error, ['newEmail'])),
  });
  const change = useMutation({
    mutationFn: (address: string) =>
      accountApi.confirmEmailChange({
        newEmail: address,
        verificationCode: code.trim(),
        ...(overview.hasPassword ? { currentPassword: password } : { currentEmailCode: ownerCode.trim() }),
      }),
    onSuccess: (result) => {
      session.signIn(result.token, result.user);
      toast.success(t`Your e-mail is now ${result.user.email}. Other devices were signed out.`);
      setSentTo(null);
      setNewEmail('');
      setCode('');
      setOwnerCode('');
      setPassword('');
      onChanged();
    },
    onError: (error) => setErrors(toErrors(error, ['verificationCode', 'currentEmailCode', 'currentPassword', 'newEmail'])),
  });

  function send(event: FormEvent) {
    event.preventDefault();
    const address = newEmail.trim().toLowerCase();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address)) return setErrors({ newEmail: t`Please enter a valid email` });
    sendCode.mutate(address);
  }

  function confirm(event: FormEvent) {
    event.preventDefault();
    const local: Errors = {};
    if (!CODE.test(code.trim())) local.verificationCode = t`The verification code is 6 digits`;
    if (ownerCodeSent && !CODE.test(ownerCode.trim())) local.currentEmailCode = t`The verification code is 6 digits`;
    if (overview.hasPassword && !password) local.currentPassword = t`Please enter your current password`;
    setErrors(local);
    if (Object.keys(local).length || !sentTo) return;
    change.mutate(sentTo);
  }

  return {
    newEmail,
    setNewEmail,
    sentTo,
    reset: () => setSentTo(null),
    fields: { ownerCodeSent, code, setCode, ownerCode, setOwnerCode, password, setPassword },
    errors,
    pending: sendCode.isPending || change.isPending,
    send,
    confirm,
  };
}

type ConfirmFields = ReturnType<typeof useEmailChange>['fields'];

/** Change e-mail: a code to the new address, plus the current password (or a code at the current address). */
export function EmailSection({ overview, onChanged }: { overview: AccountOverview; onChanged: () => void }) {
  const { newEmail, setNewEmail, sentTo, reset, fields, errors, pending, send, confirm } = useEmailChange(overview, onChanged);

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
        <EmailConfirmForm
          overview={overview}
          sentTo={sentTo}
          fields={fields}
          errors={errors}
          pending={pending}
          onSubmit={confirm}
          onReset={reset}
        />
      )}
    </section>
  );
}

/** The second step: the code sent to the new address, and the code at the current one or the password. */
function EmailConfirmForm({
  overview,
  sentTo,
  fields,
  errors,
  pending,
  onSubmit,
  onReset,
}: {
  overview: AccountOverview;
  sentTo: string;
  fields: ConfirmFields;
  errors: Errors;
  pending: boolean;
  onSubmit: (event: FormEvent) => void;
  onReset: () => void;
}) {
  const { t } = useLingui();
  return (
    <form onSubmit={onSubmit} noValidate className="mt-4 flex max-w-md flex-col gap-4" data-testid="email-confirm-form">
      <Field
        label={t`Code sent to ${sentTo}`}
        value={fields.code}
        onChange={fields.setCode}
        error={errors.verificationCode}
        inputProps={{ inputMode: 'numeric', autoComplete: 'one-time-code', maxLength: 6 }}
      />
      {fields.ownerCodeSent && (
        <Field
          label={t`Code sent to ${overview.email}`}
          value={fields.ownerCode}
          onChange={fields.setOwnerCode}
          error={errors.currentEmailCode}
          inputProps={{ inputMode: 'numeric', maxLength: 6 }}
        />
      )}
      {overview.hasPassword && (
        <PasswordField
          label={t`Current password`}
          value={fields.password}
          onChange={fields.setPassword}
          error={errors.currentPassword}
          autoComplete="current-password"
        />
      )}
      <FormError text={errors.form ?? errors.newEmail} />
      <div className="flex gap-2">
        <Button type="submit" pending={pending}>
          <Trans>Change e-mail</Trans>
        </Button>
        <Button variant="ghost" onPress={onReset}>
          <Trans>Use another address</Trans>
        </Button>
      </div>
    </form>
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
