import { FieldError, Input, Label, Text, TextField, type TextFieldProps } from 'react-aria-components';

/** A labelled react-aria text field with an inline error. */
export function Field({
  label,
  error,
  description,
  inputProps,
  ...props
}: TextFieldProps & { label: string; error?: string; description?: string; inputProps?: React.InputHTMLAttributes<HTMLInputElement> }) {
  return (
    <TextField {...props} isInvalid={Boolean(error)} className="flex flex-col gap-1.5">
      <Label className="text-sm font-medium text-zinc-300">{label}</Label>
      <Input
        {...inputProps}
        className="rounded-xl border border-white/10 bg-ink-900 px-3.5 py-2.5 text-zinc-100 placeholder:text-zinc-500 outline-none transition focus:border-violet-400 data-[invalid]:border-rose-400 read-only:opacity-70"
      />
      {description && (
        <Text slot="description" className="text-xs text-zinc-500">
          {description}
        </Text>
      )}
      <FieldError className="text-xs text-rose-300">{error}</FieldError>
    </TextField>
  );
}
