import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { CountdownDigits, useCountdown } from '#app/components/ui/countdown.tsx'
import { Skeleton } from '#app/components/ui/skeleton.tsx'
import type { TournamentPhase } from '#common/tournament-rules.ts'

const PHASE_STYLE: Record<TournamentPhase, string> = {
  running: 'border-success/60 bg-surface/85 text-success',
  upcoming: 'border-gold/60 bg-surface/85 text-gold',
  finishing: 'border-line bg-surface/85 text-ink',
  finished: 'border-line bg-surface/85 text-ink-muted',
}

/** The phase as a badge; a running one pulses a dot ("live"). */
export function PhaseBadge({ phase }: { phase: TournamentPhase }) {
  const { t } = useTranslation()
  return (
    <span
      data-testid="tournament-phase"
      data-phase={phase}
      className={`inline-flex items-center gap-1.5 rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap backdrop-blur ${PHASE_STYLE[phase]}`}
    >
      {phase === 'running' ? (
        <span aria-hidden="true" className="size-1.5 animate-pulse rounded-full bg-success" />
      ) : null}
      {t(`tournaments.page.phase.${phase}`)}
    </span>
  )
}

/** "Joined": the player takes part. */
export function JoinedBadge() {
  const { t } = useTranslation()
  return (
    <span
      data-testid="tournament-joined"
      className="inline-flex items-center gap-1 rounded-full border border-gold-strong bg-gold-strong px-2.5 py-0.5 text-xs font-bold whitespace-nowrap text-on-gold"
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 16 16"
        className="size-3 fill-none stroke-current stroke-2"
      >
        <path d="m3.5 8.5 3 3 6-7" />
      </svg>
      {t('tournaments.page.joined')}
    </span>
  )
}

/**
 * "Ends in 2 d 05:09:03", ticking each second once the page is interactive (the server's clock
 * and the browser's differ, so the server renders no digits). `onEnd` runs once when it reaches
 * zero: the page loads again to show the next phase.
 */
export function Countdown({
  kind,
  at,
  size = 'sm',
  onEnd,
}: {
  kind: 'starts' | 'ends'
  at: string
  size?: 'sm' | 'lg'
  onEnd?: () => void
}) {
  const { t } = useTranslation()
  const { left, isOver } = useCountdown(at)
  const onEndRef = useRef(onEnd)
  onEndRef.current = onEnd
  const endedFor = useRef<string | null>(null)
  useEffect(() => {
    // Once per moment: a revalidation that still reports the old phase does not loop.
    if (!isOver || endedFor.current === at) return
    endedFor.current = at
    onEndRef.current?.()
  }, [isOver, at])
  const isLarge = size === 'lg'
  return (
    <div
      className={isLarge ? 'flex flex-col gap-0.5' : 'flex flex-wrap items-baseline gap-x-1.5'}
      data-testid={`tournament-${kind}`}
      data-at={at}
    >
      <span className="text-xs font-semibold text-ink-muted">
        {isOver
          ? t(kind === 'starts' ? 'tournaments.page.starting' : 'tournaments.page.ended')
          : t(kind === 'starts' ? 'tournaments.page.starts_in' : 'tournaments.page.ends_in')}
      </span>
      <span
        className={`font-bold text-ink tabular-nums ${isLarge ? 'text-2xl sm:text-3xl' : 'text-sm'}`}
      >
        {left ? (
          <CountdownDigits left={left} at={at} />
        ) : isOver ? null : (
          <span className={`inline-block ${isLarge ? 'h-8 w-40' : 'h-4 w-20'}`} />
        )}
      </span>
    </div>
  )
}

/** A card's placeholder while the list loads on a client navigation. */
export function TournamentCardSkeleton() {
  return (
    <div className="flex flex-col overflow-hidden rounded-2xl border border-line">
      <Skeleton className="aspect-video w-full rounded-none" />
      <div className="flex flex-col gap-3 p-4">
        <Skeleton className="h-5 w-2/3" />
        <Skeleton className="h-3 w-1/2" />
        <div className="grid grid-cols-2 gap-3">
          <Skeleton className="h-8" />
          <Skeleton className="h-8" />
          <Skeleton className="h-8" />
          <Skeleton className="h-8" />
        </div>
      </div>
    </div>
  )
}

/** A trophy, the tournaments' mark where a card has no art yet. */
export function TrophyIcon({ className = 'size-5' }: { className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className={`shrink-0 ${className}`}>
      <path
        d="M7 4h10v3a5 5 0 0 1-10 0V4Zm0 1H4v1.5A3.5 3.5 0 0 0 7.5 10M17 5h3v1.5a3.5 3.5 0 0 1-3.5 3.5M12 12v4m-3.5 4h7l-.8-4h-5.4l-.8 4Z"
        className="fill-none stroke-current"
        strokeWidth="1.6"
        strokeLinejoin="round"
        strokeLinecap="round"
      />
    </svg>
  )
}
