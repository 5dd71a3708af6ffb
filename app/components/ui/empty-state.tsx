import type { ReactNode } from 'react'

/** What a list shows when it has nothing yet: say so plainly and offer the next step. */
export function EmptyState({
  title,
  text,
  action,
}: {
  title: string
  text?: string
  action?: ReactNode
}) {
  return (
    <div
      className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-line bg-surface-raised/40 px-6 py-14 text-center"
      role="status"
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="size-10 fill-none stroke-gold/70 stroke-[1.5]"
      >
        <path d="M12 3l2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.4l-5.2 2.7 1-5.8-4.3-4.1 5.9-.9Z" />
      </svg>
      <p className="font-semibold text-ink">{title}</p>
      {text ? <p className="max-w-md text-sm text-ink-muted">{text}</p> : null}
      {action}
    </div>
  )
}
