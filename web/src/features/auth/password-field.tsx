import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Button as AriaButton, FieldError, Input, Label, Text, TextField } from 'react-aria-components';

/** A password input with a show/hide toggle; `autoComplete` tells password managers sign-in from sign-up. */
export function PasswordField({
  label,
  value,
  onChange,
  error,
  description,
  autoComplete,
  autoFocus,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  description?: string;
  autoComplete: 'current-password' | 'new-password';
  autoFocus?: boolean;
}) {
  const { t } = useLingui();
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      value={value}
      onChange={onChange}
      isInvalid={Boolean(error)}
      type={visible ? 'text' : 'password'}
      autoFocus={autoFocus}
      autoComplete={autoComplete}
      className="flex flex-col gap-1.5"
    >
      <Label className="text-sm font-medium text-zinc-300">{label}</Label>
      <div className="relative">
        <Input
          maxLength={128}
          spellCheck={false}
          autoCapitalize="none"
          className="w-full rounded-xl border border-white/10 bg-ink-900 py-2.5 pl-3.5 pr-12 text-zinc-100 placeholder:text-zinc-500 outline-none transition focus:border-violet-400 data-[invalid]:border-rose-400"
        />
        <AriaButton
          aria-label={visible ? t`Hide password` : t`Show password`}
          onPress={() => setVisible((v) => !v)}
          className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-xl text-zinc-400 outline-none hover:text-white data-[focus-visible]:ring-2 data-[focus-visible]:ring-violet-400"
        >
          <svg
            aria-hidden
            viewBox="0 0 24 24"
            className="h-5 w-5"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.6"
            strokeLinecap="round"
            strokeLinejoin="round"
          >
            <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z" />
            <circle cx="12" cy="12" r="3" />
            {visible && <path d="M4 4l16 16" />}
          </svg>
        </AriaButton>
      </div>
      {description && (
        <Text slot="description" className="text-xs text-zinc-500">
          {description}
        </Text>
      )}
      <FieldError className="text-xs text-rose-300">{error}</FieldError>
    </TextField>
  );
}
