import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import type { SignInResponse } from '@web/api/types';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { Tabs } from '../../ui/tabs';
import { PasswordField } from './password-field';
import { PasswordResetStep } from './password-reset-step';
import { type Errors, type PasswordFields, type PasswordMode, usePasswordForm } from './use-password-form';

export type { PasswordMode } from './use-password-form';

const TAB =
  'flex-1 cursor-pointer rounded-lg px-3 py-2 text-center text-sm font-semibold text-zinc-400 outline-none transition hover:text-white data-[selected]:bg-white/10 data-[selected]:text-white focus-visible:ring-2 focus-visible:ring-violet-400';

/** The e-mail field, filled for a sign-in and suggested from the browser for a new account. */
function EmailField({
  mode,
  email,
  onEmailChange,
  error,
  autoFocus,
}: {
  mode: PasswordMode;
  email: string;
  onEmailChange: (email: string) => void;
  error?: string;
  autoFocus: boolean;
}) {
  const { t } = useLingui();
  return (
    <Field
      label={t`E-mail`}
      type="email"
      value={email}
      onChange={onEmailChange}
      error={error}
      autoComplete={mode === 'signin' ? 'username' : 'email'}
      autoFocus={autoFocus && mode === 'signin'}
      inputProps={{ placeholder: 'you@example.com', autoCapitalize: 'none', spellCheck: false }}
    />
  );
}

const FormError = ({ text }: { text?: string }) =>
  text ? (
    <p role="alert" className="rounded-xl border border-rose-500/30 bg-rose-500/10 px-3 py-2 text-sm text-rose-200">
      {text}
    </p>
  ) : null;

type FormProps = {
  email: string;
  onEmailChange: (email: string) => void;
  fields: PasswordFields;
  errors: Errors;
  pending: boolean;
  onSubmit: (event: FormEvent) => void;
  /** False once the visitor moved between the tabs: the focus stays on the tab they are on. */
  autoFocus: boolean;
};

/** Password sign-in and registration (spec §7 POST /auth/login, /auth/register), checked with the shared schemas first. */
export function PasswordStep({
  email,
  onEmailChange,
  referralCode,
  onSuccess,
  onBack,
  onUseCode,
}: {
  email: string;
  onEmailChange: (email: string) => void;
  referralCode?: string;
  onSuccess: (result: SignInResponse) => void;
  onBack: () => void;
  onUseCode: () => void;
}) {
  const { t } = useLingui();
  const { mode, switchMode, fields, errors, pending, submit } = usePasswordForm(email, referralCode, onSuccess);
  const [resetting, setResetting] = useState(false);
  // A field takes the focus when the step opens, but not when a tab is chosen: arrow keys on the tab
  // list must keep moving between tabs.
  const [autoFocus, setAutoFocus] = useState(true);
  const form = { email, onEmailChange, fields, errors, pending, onSubmit: submit, autoFocus };
  const chooseTab = (key: PasswordMode) => {
    setAutoFocus(false);
    switchMode(key);
  };
  const signInInstead = () => {
    setAutoFocus(true);
    switchMode('signin');
  };

  if (resetting)
    return <PasswordResetStep email={email} onEmailChange={onEmailChange} onSuccess={onSuccess} onBack={() => setResetting(false)} />;

  return (
    <div className="flex flex-col gap-4">
      <Tabs
        label={t`Password sign-in`}
        items={[
          { id: 'signin', label: <Trans>Sign in</Trans> },
          { id: 'register', label: <Trans>Create account</Trans> },
        ]}
        selectedKey={mode}
        onSelectionChange={chooseTab}
        listClassName="mb-4 flex gap-1 rounded-xl border border-white/10 bg-ink-900 p-1"
        tabClassName={TAB}
        panelClassName="outline-none"
        panel={(key) =>
          key === 'signin' ? (
            <SignInForm {...form} onForgot={() => setResetting(true)} onUseCode={onUseCode} />
          ) : (
            <RegisterForm {...form} onSignInInstead={signInInstead} />
          )
        }
      />
      <Button variant="ghost" onPress={onBack}>
        <Trans>Back</Trans>
      </Button>
    </div>
  );
}

/** Sign in with e-mail and password, with the ways out: a reset, or a code by e-mail. */
function SignInForm({
  email,
  onEmailChange,
  fields,
  errors,
  pending,
  onSubmit,
  autoFocus,
  onForgot,
  onUseCode,
}: FormProps & { onForgot: () => void; onUseCode: () => void }) {
  const { t } = useLingui();
  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-4" noValidate>
      <EmailField mode="signin" email={email} onEmailChange={onEmailChange} error={errors.email} autoFocus={autoFocus} />
      <PasswordField
        label={t`Password`}
        value={fields.password}
        onChange={fields.setPassword}
        error={errors.password}
        autoComplete="current-password"
      />
      <button
        type="button"
        onClick={onForgot}
        className="-mt-2 self-end text-xs font-medium text-fuchsia-300 underline-offset-2 hover:underline"
      >
        <Trans>Forgot password?</Trans>
      </button>
      <FormError text={errors.form} />
      {errors.useCode && (
        <Button variant="secondary" className="w-full" onPress={onUseCode}>
          <Trans>Get a sign-in code by e-mail</Trans>
        </Button>
      )}
      <Button type="submit" pending={pending} className="w-full">
        <Trans>Sign in</Trans>
      </Button>
      <p className="text-center text-xs text-zinc-400">
        <Trans>No password yet?</Trans>{' '}
        <button type="button" onClick={onUseCode} className="font-medium text-fuchsia-300 underline-offset-2 hover:underline">
          <Trans>Sign in with an e-mail code</Trans>
        </button>
      </p>
    </form>
  );
}

/** Create an account: name, e-mail and password. */
function RegisterForm({
  email,
  onEmailChange,
  fields,
  errors,
  pending,
  onSubmit,
  autoFocus,
  onSignInInstead,
}: FormProps & { onSignInInstead: () => void }) {
  const { t } = useLingui();
  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-4" noValidate>
      <Field
        label={t`Username`}
        value={fields.name}
        onChange={fields.setName}
        error={errors.name}
        autoComplete="name"
        autoFocus={autoFocus}
        inputProps={{ maxLength: 50 }}
      />
      <EmailField mode="register" email={email} onEmailChange={onEmailChange} error={errors.email} autoFocus={false} />
      <PasswordField
        label={t`Password`}
        value={fields.password}
        onChange={fields.setPassword}
        error={errors.password}
        autoComplete="new-password"
        description={t`At least 8 characters (up to 128).`}
      />
      {errors.conflict && (
        <Button variant="secondary" className="w-full" onPress={onSignInInstead}>
          <Trans>Sign in with this e-mail instead</Trans>
        </Button>
      )}
      <FormError text={errors.form} />
      <Button type="submit" pending={pending} className="w-full">
        <Trans>Create account</Trans>
      </Button>
    </form>
  );
}
