import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Spinner } from './spinner';

const VARIANTS = {
  primary: 'bg-gradient-to-r from-violet-500 to-fuchsia-500 text-white shadow-lg shadow-fuchsia-900/30 hover:brightness-110',
  secondary: 'border border-white/15 bg-white/5 text-zinc-100 hover:bg-white/10',
  ghost: 'text-zinc-300 hover:bg-white/5 hover:text-white',
  danger: 'bg-rose-600 text-white hover:bg-rose-500',
} as const;

type ButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'disabled' | 'onClick' | 'className' | 'children'> & {
  variant?: keyof typeof VARIANTS;
  /** Shows a spinner and blocks presses. */
  pending?: boolean;
  onPress?: () => void;
  isDisabled?: boolean;
  className?: string;
  children?: ReactNode;
};

/**
 * The studio's button: a native `<button>` (type "button" unless told), so keyboard, focus and
 * screen readers work as the browser makes them and the styles.css `:focus-visible` ring shows. Not
 * react-aria's Button: its press and focus machinery (~15 KB gz with the modules every react-aria
 * component shares) made every page with a button load it before its first render. `onPress` and
 * `isDisabled` keep react-aria's names, so components move between the two without changes.
 */
export function Button({
  variant = 'primary',
  pending,
  className = '',
  children,
  onPress,
  isDisabled,
  type = 'button',
  ...props
}: ButtonProps) {
  return (
    <button
      {...props}
      type={type}
      disabled={isDisabled || pending}
      onClick={onPress && (() => onPress())}
      className={`inline-flex items-center justify-center gap-2 rounded-xl px-4 py-2.5 text-sm font-semibold transition disabled:cursor-not-allowed disabled:opacity-50 ${VARIANTS[variant]} ${className}`}
    >
      {pending && <Spinner className="h-4 w-4" />}
      {children}
    </button>
  );
}
