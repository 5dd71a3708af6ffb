const TONES = {
  success: 'border-success/40 bg-success/10 text-success',
  danger: 'border-danger/40 bg-danger/10 text-danger',
  pending: 'border-gold/40 bg-gold/10 text-gold',
  muted: 'border-line bg-surface text-ink-muted',
} as const

/** A short status word in a pill; the colour repeats the word, it never replaces it. */
export function StatusBadge({ tone, children }: { tone: keyof typeof TONES; children: string }) {
  return (
    <span
      className={`inline-flex items-center gap-1.5 rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${TONES[tone]}`}
    >
      <span aria-hidden="true" className="size-1.5 rounded-full bg-current" />
      {children}
    </span>
  )
}
