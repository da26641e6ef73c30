const VARIANTS = {
  primary: 'bg-gradient-to-r from-violet-500 to-fuchsia-500 text-white shadow-lg shadow-fuchsia-900/30 hover:brightness-110',
  secondary: 'border border-white/15 bg-white/5 text-zinc-100 hover:bg-white/10',
  ghost: 'text-zinc-300 hover:bg-white/5 hover:text-white',
  danger: 'bg-rose-600 text-white hover:bg-rose-500',
} as const;

export type ButtonVariant = keyof typeof VARIANTS;

/** The studio's button look: for `Button` (button.tsx), and for links and native buttons styled as one. */
export const buttonClass = (variant: ButtonVariant = 'primary', className = '') =>
  `inline-flex items-center justify-center gap-2 rounded-xl px-4 py-2.5 text-sm font-semibold transition disabled:cursor-not-allowed disabled:opacity-50 ${VARIANTS[variant]} ${className}`;
