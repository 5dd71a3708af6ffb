import { useEffect, useState } from 'react'
import { clockText, countdown } from '#app/components/rewards/lottery-logic.ts'
import { useLocaleTag } from '#app/lib/fairness-play.ts'
import { useInteractive } from '#app/lib/use-interactive.ts'

/** A date and time in the player's zone and language, written once the page runs in the browser. */
export function When({ iso, dateOnly = false }: { iso: string; dateOnly?: boolean }) {
  const tag = useLocaleTag()
  const isInteractive = useInteractive()
  return (
    <time dateTime={iso} className="tabular-nums">
      {isInteractive
        ? new Intl.DateTimeFormat(tag, {
            dateStyle: 'medium',
            ...(dateOnly ? {} : { timeStyle: 'short' }),
          }).format(new Date(iso))
        : null}
    </time>
  )
}

/** "2 d" in the page's language, by Intl's unit names. */
const dayText = (days: number, localeTag: string) =>
  new Intl.NumberFormat(localeTag, { style: 'unit', unit: 'day', unitDisplay: 'narrow' }).format(
    days,
  )

/**
 * What is left until `at`, ticking each second once the page is interactive (the server's clock and
 * the browser's differ, so the server renders no digits): `left` is null before the page is
 * interactive and once the moment passed (`isOver`).
 */
export function useCountdown(at: string) {
  const isInteractive = useInteractive()
  const [now, setNow] = useState(() => Date.now())
  const left = isInteractive ? countdown(at, now) : null
  const isOver = isInteractive && left === null
  useEffect(() => {
    if (isOver) return
    const timer = window.setInterval(() => setNow(Date.now()), 1000)
    return () => window.clearInterval(timer)
  }, [isOver])
  return { left, isOver }
}

/**
 * "2 d 05:09:03", read out once as the moment rather than every second: the visible digits are
 * hidden from screen readers.
 */
export function CountdownDigits({
  left,
  at,
}: {
  left: NonNullable<ReturnType<typeof countdown>>
  at: string
}) {
  const tag = useLocaleTag()
  return (
    <>
      <span aria-hidden="true">
        {/* Each part isolated: "2 d" reads in the page's direction, the clock always ltr. */}
        {left.days > 0 ? (
          <>
            <bdi>{dayText(left.days, tag)}</bdi>{' '}
          </>
        ) : null}
        <bdi dir="ltr">{clockText(left)}</bdi>
      </span>
      <span className="sr-only">
        <When iso={at} />
      </span>
    </>
  )
}
