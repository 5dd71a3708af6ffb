import type { z } from 'zod'
import type {
  Lottery,
  PlayerLotteryStatusSchema,
} from '#server/modules/rewards/rewards.contract.ts'

export type PlayerLotteryStatus = z.infer<typeof PlayerLotteryStatusSchema>
export type PlayerTicket = PlayerLotteryStatus['tickets'][number] & { lottery_id: number }

const at = (iso: string) => new Date(iso).getTime()
const earliest = (
  lotteries: readonly Lottery[],
  field: 'sales_open_at' | 'sales_close_at' | 'draw_at',
) => [...lotteries].sort((a, b) => at(a[field]) - at(b[field]))[0]

/**
 * The lottery the page leads with: the one selling tickets (closing first), else the next to
 * open, else one whose sales closed and whose draw is still to come (so its players can watch
 * the result arrive).
 */
export function currentLottery(lotteries: readonly Lottery[]): Lottery | undefined {
  const of = (phase: Lottery['phase']) => lotteries.filter((lottery) => lottery.phase === phase)
  return (
    earliest(of('open'), 'sales_close_at') ??
    earliest(of('upcoming'), 'sales_open_at') ??
    earliest(of('closed'), 'draw_at')
  )
}

/** The spec's flattening: every ticket of every lottery the player holds any in, in one list. */
export const flattenTickets = (statuses: readonly PlayerLotteryStatus[]): PlayerTicket[] =>
  statuses.flatMap((status) =>
    status.tickets.map((ticket) => ({ ...ticket, lottery_id: status.lottery_id })),
  )

/** How many more tickets the player may hold in `lottery`. */
export const ticketsLeft = (lottery: Lottery, held: number): number =>
  Math.max(0, lottery.max_tickets_per_player - held)

export interface Countdown {
  days: number
  hours: number
  minutes: number
  seconds: number
}

/** Whole days, hours, minutes and seconds until `endsAt`; null once it has passed. */
export function countdown(endsAt: string, now: number): Countdown | null {
  const left = Math.floor((at(endsAt) - now) / 1000)
  if (!Number.isFinite(left) || left <= 0) return null
  return {
    days: Math.floor(left / 86_400),
    hours: Math.floor((left % 86_400) / 3600),
    minutes: Math.floor((left % 3600) / 60),
    seconds: left % 60,
  }
}

/** "05:09:03": the clock part of a countdown, always two digits (the digits stay put as it ticks). */
export const clockText = ({ hours, minutes, seconds }: Countdown): string =>
  [hours, minutes, seconds].map((value) => String(value).padStart(2, '0')).join(':')

/** The next moment the page's data changes by the clock alone: a sales opening, close or draw. */
export function nextChange(lotteries: readonly Lottery[], now: number): number | null {
  const moments = lotteries.flatMap((lottery) =>
    lottery.phase === 'upcoming'
      ? [at(lottery.sales_open_at)]
      : lottery.phase === 'open'
        ? [at(lottery.sales_close_at)]
        : lottery.phase === 'closed'
          ? [at(lottery.draw_at)]
          : [],
  )
  const future = moments.filter((moment) => moment > now)
  return future.length > 0 ? Math.min(...future) : null
}
