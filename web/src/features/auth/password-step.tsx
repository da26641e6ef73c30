import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import type { AuthResponse } from '@worker/contract/auth';
import { loginRequest, registerRequest } from '@worker/contract/auth-rules';
import { accountsApi } from '../../api/accounts';
import { ApiError } from '../../api/client';
import { useErrorText } from '../../api/error-text';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { PasswordField } from './password-field';
import { PasswordResetStep } from './password-reset-step';
import { fieldErrors, useValidationText } from './validation-text';

export type PasswordMode = 'signin' | 'register';
type Errors = Partial<Record<'name' | 'email' | 'password' | 'form' | 'conflict' | 'useCode', string>>;

const TAB =
  'flex-1 cursor-pointer rounded-lg px-3 py-2 text-center text-sm font-semibold text-zinc-400 outline-none transition hover:text-white data-[selected]:bg-white/10 data-[selected]:text-white data-[focus-visible]:ring-2 data-[focus-visible]:ring-violet-400';

/** The server's refusal, said at the field it is about, or for the form (with the way to a code where that helps). */
function useServerErrors() {
  const { t } = useLingui();
  const errorText = useErrorText();
  const translate = useValidationText();
  return (error: unknown, mode: PasswordMode): Errors => {
    if (!(error instanceof ApiError)) return { form: errorText(error) };
    if (error.code === 'CONFLICT' && error.field === 'email')
      return { email: t`An account with this e-mail already exists.`, conflict: 'email' };
    // Guesses from many places pause password sign-in for the account; the owner's way in is a code.
    if (error.code === 'PASSWORD_SIGN_IN_PAUSED') {
      return {
        form: t`Password sign-in for this account is paused after many failed attempts from different places. You can still sign in with a code sent to your e-mail.`,
        useCode: 'yes',
      };
    }
    if (error.code === 'RATE_LIMITED' && error.retryAfter) {
      const seconds = error.retryAfter;
      const minutes = Math.ceil(seconds / 60);
      return {
        form:
          seconds < 60
            ? t`Too many attempts, please try again in ${seconds} seconds`
            : t`Too many attempts, please try again in ${minutes} minutes`,
        useCode: mode === 'signin' ? 'yes' : undefined,
      };
    }
    if (error.code === 'VALIDATION_FAILED' && (error.field === 'name' || error.field === 'email' || error.field === 'password')) {
      return { [error.field]: translate(error.message) };
    }
    return { form: errorText(error) };
  };
}

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
  onSuccess: (result: AuthResponse) => void;
  onBack: () => void;
  onUseCode: () => void;
}) {
  const { t } = useLingui();
  const translate = useValidationText();
  const serverError = useServerErrors();
  const [mode, setMode] = useState<PasswordMode>('signin');
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [pending, setPending] = useState(false);
  const [resetting, setResetting] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed =
      mode === 'signin' ? loginRequest.safeParse({ email, password }) : registerRequest.safeParse({ name, email, password, referralCode });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error, translate));
      return;
    }
    setErrors({});
    setPending(true);
    try {
      onSuccess(
        mode === 'signin'
          ? await accountsApi.login(loginRequest.parse(parsed.data))
          : await accountsApi.register(registerRequest.parse(parsed.data)),
      );
    } catch (error) {
      setErrors(serverError(error, mode));
      setPending(false);
    }
  }

  const switchMode = (next: PasswordMode) => {
    setMode(next);
    setErrors({});
  };

  const emailField = (
    <Field
      label={t`E-mail`}
      type="email"
      value={email}
      onChange={onEmailChange}
      error={errors.email}
      autoComplete={mode === 'signin' ? 'username' : 'email'}
      autoFocus={mode === 'signin'}
      inputProps={{ placeholder: 'you@example.com', autoCapitalize: 'none', spellCheck: false }}
    />
  );
  const formError = errors.form && (
    <p role="alert" className="rounded-xl border border-rose-500/30 bg-rose-500/10 px-3 py-2 text-sm text-rose-200">
      {errors.form}
    </p>
  );

  if (resetting)
    return <PasswordResetStep email={email} onEmailChange={onEmailChange} onSuccess={onSuccess} onBack={() => setResetting(false)} />;

  return (
    <div className="flex flex-col gap-4">
      <Tabs selectedKey={mode} onSelectionChange={(key) => switchMode(key as PasswordMode)}>
        <TabList aria-label={t`Password sign-in`} className="mb-4 flex gap-1 rounded-xl border border-white/10 bg-ink-900 p-1">
          <Tab id="signin" className={TAB}>
            <Trans>Sign in</Trans>
          </Tab>
          <Tab id="register" className={TAB}>
            <Trans>Create account</Trans>
          </Tab>
        </TabList>
        <TabPanel id="signin" className="outline-none">
          <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
            {emailField}
            <PasswordField
              label={t`Password`}
              value={password}
              onChange={setPassword}
              error={errors.password}
              autoComplete="current-password"
            />
            <button
              type="button"
              onClick={() => setResetting(true)}
              className="-mt-2 self-end text-xs font-medium text-fuchsia-300 underline-offset-2 hover:underline"
            >
              <Trans>Forgot password?</Trans>
            </button>
            {formError}
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
        </TabPanel>
        <TabPanel id="register" className="outline-none">
          <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
            <Field
              label={t`Username`}
              value={name}
              onChange={setName}
              error={errors.name}
              autoComplete="name"
              autoFocus
              inputProps={{ maxLength: 50 }}
            />
            {emailField}
            <PasswordField
              label={t`Password`}
              value={password}
              onChange={setPassword}
              error={errors.password}
              autoComplete="new-password"
              description={t`At least 8 characters (up to 128).`}
            />
            {errors.conflict && (
              <Button variant="secondary" className="w-full" onPress={() => switchMode('signin')}>
                <Trans>Sign in with this e-mail instead</Trans>
              </Button>
            )}
            {formError}
            <Button type="submit" pending={pending} className="w-full">
              <Trans>Create account</Trans>
            </Button>
          </form>
        </TabPanel>
      </Tabs>
      <Button variant="ghost" onPress={onBack}>
        <Trans>Back</Trans>
      </Button>
    </div>
  );
}
