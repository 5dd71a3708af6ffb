/** A placeholder block that pulses while its content loads (motion off when reduced). */
export function Skeleton({ className = '' }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={`animate-shimmer block rounded-lg bg-line/70 ${className}`}
    />
  )
}

/** Rows of placeholders for a loading list, announced once to screen readers. */
export function SkeletonList({ rows = 4, label }: { rows?: number; label: string }) {
  return (
    <div
      role="status"
      aria-label={label}
      className="flex flex-col gap-3"
      data-testid="skeleton-list"
    >
      {Array.from({ length: rows }, (_, index) => (
        <div key={index} className="flex items-center gap-3">
          <Skeleton className="size-10 shrink-0 rounded-xl" />
          <div className="flex flex-1 flex-col gap-2">
            <Skeleton className="h-3.5 w-3/4" />
            <Skeleton className="h-3 w-1/3" />
          </div>
        </div>
      ))}
    </div>
  )
}

/** A list that failed to load: say so and offer another try. */
export function LoadError({
  text,
  retryLabel,
  onRetry,
}: {
  text: string
  retryLabel: string
  onRetry: () => void
}) {
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-3 rounded-2xl border border-danger/40 bg-danger/5 px-4 py-8 text-center"
    >
      <p className="text-sm text-ink">{text}</p>
      <button
        type="button"
        onClick={onRetry}
        className="rounded-lg border border-line px-4 py-2 text-sm font-semibold text-ink hover:border-gold/60"
      >
        {retryLabel}
      </button>
    </div>
  )
}
