import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { buttonClass, type ButtonVariant } from './button-style';
import { Spinner } from './spinner';

type ButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'disabled' | 'onClick' | 'className' | 'children'> & {
  variant?: ButtonVariant;
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
      className={buttonClass(variant, className)}
    >
      {pending && <Spinner className="h-4 w-4" />}
      {children}
    </button>
  );
}
