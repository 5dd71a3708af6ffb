import type { ReactNode } from 'react'

export function PageHeading({
  title,
  intro,
  children,
}: {
  title: string
  intro?: string | undefined
  children?: ReactNode
}) {
  return (
    <header className="mb-6 flex flex-col gap-2">
      <h1 className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">{title}</h1>
      {intro ? (
        <p className="max-w-2xl text-sm leading-relaxed text-ink-muted sm:text-base">{intro}</p>
      ) : null}
      {children}
    </header>
  )
}
