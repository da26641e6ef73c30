import { type InputHTMLAttributes, useId } from 'react';

/**
 * A labelled text field with an inline error: a native `<label>` and `<input>`, the description and
 * the error named by aria-describedby, aria-invalid while there is an error. Not react-aria's
 * TextField, whose label, validation and focus modules (~20 KB gz with what every react-aria
 * component shares) loaded with each page that has a field, for what the browser does itself.
 */
export function Field({
  label,
  error,
  description,
  inputProps,
  value,
  onChange,
  type,
  autoComplete,
  autoFocus,
  isReadOnly,
  name,
}: {
  label: string;
  error?: string;
  description?: string;
  inputProps?: InputHTMLAttributes<HTMLInputElement>;
  value?: string;
  onChange?: (value: string) => void;
  type?: string;
  autoComplete?: string;
  autoFocus?: boolean;
  isReadOnly?: boolean;
  name?: string;
}) {
  const id = useId();
  const describedBy = describedByOf(id, description, error);
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-zinc-300">
        {label}
      </label>
      <input
        {...inputProps}
        id={id}
        name={name}
        type={type}
        value={value}
        onChange={onChange && ((event) => onChange(event.target.value))}
        autoComplete={autoComplete}
        // biome-ignore lint/a11y/noAutofocus: callers ask for it where the field is the whole step (a dialog's first field)
        autoFocus={autoFocus}
        readOnly={isReadOnly}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        className="rounded-xl border border-white/10 bg-ink-900 px-3.5 py-2.5 text-zinc-100 placeholder:text-zinc-500 outline-none transition focus:border-violet-400 aria-[invalid=true]:border-rose-400 read-only:opacity-70"
      />
      <FieldNotes id={id} description={description} error={error} />
    </div>
  );
}

/** The ids {@link FieldNotes} gives its description and error, for the input's aria-describedby. */
export const describedByOf = (id: string, description?: string, error?: string) =>
  [description && `${id}-description`, error && `${id}-error`].filter(Boolean).join(' ');

/** A field's description and inline error under its input, with the ids {@link describedByOf} names. */
export function FieldNotes({ id, description, error }: { id: string; description?: string; error?: string }) {
  return (
    <>
      {description && (
        <span id={`${id}-description`} className="text-xs text-zinc-500">
          {description}
        </span>
      )}
      {error && (
        <span id={`${id}-error`} className="text-xs text-rose-300">
          {error}
        </span>
      )}
    </>
  );
}
