const TONES = {
  neutral: 'border-line text-ink-muted',
  good: 'border-success/50 text-success',
  warning: 'border-gold/60 text-gold',
  bad: 'border-danger/50 text-danger',
} as const

/** A short state word (pending, approved, locked) in a pill; colour is never the only sign. */
export function StatusBadge({
  tone = 'neutral',
  children,
}: {
  tone?: keyof typeof TONES
  children: string
}) {
  return (
    <span
      className={`inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${TONES[tone]}`}
    >
      {children}
    </span>
  )
}
