import { createContext, type CSSProperties, type ReactNode, useContext, useId } from 'react';

interface Group {
  name: string;
  value: string | null;
  onChange: (value: string) => void;
  isDisabled?: boolean;
}

const GroupContext = createContext<Group | null>(null);

/**
 * A group of native radio buttons (`role="radiogroup"`, labelled by `label` or `aria-label`): the
 * browser gives one tab stop and arrow keys within the group. Not react-aria's RadioGroup, whose
 * label, press, focus and validation modules (~20 KB gz) loaded with the tool pages before they
 * could render their form.
 */
export function RadioGroup({
  label,
  'aria-label': ariaLabel,
  value,
  onChange,
  isDisabled,
  className,
  children,
}: {
  label?: ReactNode;
  'aria-label'?: string;
  value: string | null;
  onChange: (value: string) => void;
  isDisabled?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const name = useId();
  return (
    <div
      role="radiogroup"
      aria-label={ariaLabel}
      aria-labelledby={label ? `${name}-label` : undefined}
      aria-disabled={isDisabled || undefined}
      className={className}
    >
      {label && (
        <span id={`${name}-label`} className="text-sm font-medium text-zinc-300">
          {label}
        </span>
      )}
      <GroupContext.Provider value={{ name, value, onChange, isDisabled }}>{children}</GroupContext.Provider>
    </div>
  );
}

/**
 * One radio: a visually hidden native input inside its label, so the whole card or swatch is the
 * target. `className` gets whether it is selected; the keyboard focus ring is drawn on the label.
 */
export function Radio({
  value,
  'aria-label': ariaLabel,
  className,
  style,
  children,
}: {
  value: string;
  'aria-label'?: string;
  className: (state: { isSelected: boolean }) => string;
  style?: CSSProperties;
  children?: ReactNode;
}) {
  const group = useContext(GroupContext);
  if (!group) throw new Error('Radio must be inside a RadioGroup');
  const isSelected = group.value === value;
  return (
    <label
      data-selected={isSelected || undefined}
      className={`${className({ isSelected })} has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-4 has-[:focus-visible]:outline-violet-300 has-[:focus-visible]:outline-solid has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60`}
      style={style}
    >
      <input
        type="radio"
        name={group.name}
        value={value}
        checked={isSelected}
        onChange={() => group.onChange(value)}
        disabled={group.isDisabled}
        aria-label={ariaLabel}
        className="sr-only"
      />
      {children}
    </label>
  );
}
