import { useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { describedByOf, FieldNotes } from '../../ui/field';

/**
 * A password input with a show/hide toggle; `autoComplete` tells password managers sign-in from sign-up.
 * Native `<label>`, `<input>` and `<button>` (the description and error named by aria-describedby,
 * aria-invalid while there is an error), like `ui/field.tsx`: react-aria's TextField and Button
 * brought its shared core into the sign-in page's first paint for what the browser does itself.
 */
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
  const id = useId();
  const [visible, setVisible] = useState(false);
  const describedBy = describedByOf(id, description, error);
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-zinc-300">
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          type={visible ? 'text' : 'password'}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          autoComplete={autoComplete}
          // biome-ignore lint/a11y/noAutofocus: callers ask for it where the password is the step's first field
          autoFocus={autoFocus}
          maxLength={128}
          spellCheck={false}
          autoCapitalize="none"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          className="w-full rounded-xl border border-white/10 bg-ink-900 py-2.5 pl-3.5 pr-12 text-zinc-100 placeholder:text-zinc-500 outline-none transition focus:border-violet-400 aria-[invalid=true]:border-rose-400"
        />
        <button
          type="button"
          aria-label={visible ? t`Hide password` : t`Show password`}
          onClick={() => setVisible((v) => !v)}
          className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-xl text-zinc-400 outline-none hover:text-white focus-visible:ring-2 focus-visible:ring-violet-400"
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
        </button>
      </div>
      <FieldNotes id={id} description={description} error={error} />
    </div>
  );
}
