import { useId, type ReactNode } from 'react'

interface Props {
  title: string
  description?: string | undefined
  /** Shown at the end of the heading row (a status badge). */
  aside?: ReactNode
  /** The section's anchor, for a link from another card (`#take-a-break`). */
  id?: string | undefined
  children: ReactNode
}

/** One titled block of a cabinet page (password, two-factor, e-mail, phone, documents). */
export function AccountPanel({ title, description, aside, id, children }: Props) {
  const headingId = useId()
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className="flex scroll-mt-24 flex-col gap-4 rounded-2xl border border-line bg-surface-raised p-4 sm:p-6"
    >
      <div className="flex flex-col gap-1">
        <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
          <h2 id={headingId} className="text-base font-bold text-ink">
            {title}
          </h2>
          {aside}
        </div>
        {description ? <p className="text-sm text-ink-muted">{description}</p> : null}
      </div>
      {children}
    </section>
  )
}
