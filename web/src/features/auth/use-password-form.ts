import { useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { SignInResponse } from '@web/api/types';
import { loginRequest, registerRequest } from '@worker/contract/auth-rules';
import { accountsApi } from '../../api/accounts';
import { ApiError } from '../../api/client';
import { useErrorText } from '../../api/error-text';
import { fieldErrors, useValidationText } from './validation-text';

export type PasswordMode = 'signin' | 'register';
/** What the form sends: the sign-in's fields, or the registration's. */
type FormInput = Parameters<typeof loginRequest.parse>[0] & Parameters<typeof registerRequest.parse>[0];
export type Errors = Partial<Record<'name' | 'email' | 'password' | 'form' | 'conflict' | 'useCode', string>>;

/** The server's refusal, said at the field it is about, or for the form (with the way to a code where that helps). */
function useServerErrors() {
  const { t } = useLingui();
  const errorText = useErrorText();
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
      return { [error.field]: errorText(error) };
    }
    return { form: errorText(error) };
  };
}

/** The password step's fields and errors, and the sign-in or registration request. */
export function usePasswordForm(email: string, referralCode: string | undefined, onSuccess: (result: SignInResponse) => void) {
  const translate = useValidationText();
  const serverError = useServerErrors();
  const [mode, setMode] = useState<PasswordMode>('signin');
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});

  const request = useMutation({
    mutationFn: ({ mode, data }: { mode: PasswordMode; data: FormInput }) =>
      mode === 'signin' ? accountsApi.login(loginRequest.parse(data)) : accountsApi.register(registerRequest.parse(data)),
    onSuccess,
    onError: (error, { mode }) => setErrors(serverError(error, mode)),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed =
      mode === 'signin' ? loginRequest.safeParse({ email, password }) : registerRequest.safeParse({ name, email, password, referralCode });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error, translate));
      return;
    }
    setErrors({});
    request.mutate({ mode, data: parsed.data });
  }

  const switchMode = (next: PasswordMode) => {
    setMode(next);
    setErrors({});
  };

  return {
    mode,
    switchMode,
    fields: { name, setName, password, setPassword },
    errors,
    // A successful sign-in stays busy: the caller signs in and moves on.
    pending: request.isPending || request.isSuccess,
    submit,
  };
}

export type PasswordFields = ReturnType<typeof usePasswordForm>['fields'];
