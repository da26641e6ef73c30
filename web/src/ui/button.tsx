import { Button as AriaButton, type ButtonProps } from 'react-aria-components';
import { buttonClass, type ButtonVariant } from './button-style';
import { Spinner } from './spinner';

/** react-aria Button with the studio's look; `pending` shows a spinner and blocks presses. */
export function Button({
  variant = 'primary',
  pending,
  className = '',
  children,
  ...props
}: ButtonProps & { variant?: ButtonVariant; pending?: boolean; className?: string; children?: React.ReactNode }) {
  return (
    <AriaButton {...props} isDisabled={props.isDisabled || pending} className={buttonClass(variant, className)}>
      {pending && <Spinner className="h-4 w-4" />}
      {children}
    </AriaButton>
  );
}
