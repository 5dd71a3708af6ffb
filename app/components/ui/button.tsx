import type { ButtonHTMLAttributes } from 'react'

const VARIANTS = {
  primary:
    'bg-gradient-to-b from-gold-soft to-gold-strong text-on-gold shadow-lg shadow-gold/20 hover:brightness-105',
  secondary: 'border border-line bg-surface text-ink hover:border-gold/60',
  ghost: 'text-ink-muted hover:bg-line/60 hover:text-ink',
} as const

type Props = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: keyof typeof VARIANTS
  /** Shows a spinner and refuses clicks while the action runs. */
  isBusy?: boolean
}

/** The site's one button: three looks, a busy state, 44 px tall for thumbs. */
export function Button({
  variant = 'primary',
  isBusy = false,
  className = '',
  children,
  disabled,
  ...props
}: Props) {
  return (
    <button
      {...props}
      disabled={disabled ?? isBusy}
      aria-busy={isBusy || undefined}
      className={`inline-flex min-h-11 items-center justify-center gap-2 rounded-xl px-5 text-sm font-bold transition disabled:cursor-not-allowed disabled:opacity-60 ${VARIANTS[variant]} ${className}`}
    >
      {isBusy ? (
        <span
          aria-hidden="true"
          className="size-4 animate-spin rounded-full border-2 border-current border-t-transparent"
        />
      ) : null}
      {children}
    </button>
  )
}

/** The same looks for links styled as buttons. */
export const buttonClassName = (variant: keyof typeof VARIANTS = 'primary') =>
  `inline-flex min-h-11 items-center justify-center gap-2 rounded-xl px-5 text-sm font-bold transition ${VARIANTS[variant]}`
