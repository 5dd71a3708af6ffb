import { useEffect, type ReactNode } from 'react'

/** A console page: its heading, what it is for, its actions, and the page's own title. */
export function AdminPage({
  title,
  description,
  actions,
  children,
}: {
  title: string
  description?: string
  actions?: ReactNode
  children: ReactNode
}) {
  useEffect(() => {
    document.title = `${title} · Aurum console`
  }, [title])
  return (
    <section className="flex flex-col gap-5">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex flex-col gap-1">
          <h1 className="text-2xl font-bold text-ink">{title}</h1>
          {description ? <p className="max-w-3xl text-sm text-ink-muted">{description}</p> : null}
        </div>
        {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
      </header>
      {children}
    </section>
  )
}
