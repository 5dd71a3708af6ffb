import { describe, expect, it } from 'vitest'
import type { Lottery } from '#server/modules/rewards/rewards.contract.ts'
import {
  clockText,
  countdown,
  currentLottery,
  flattenTickets,
  nextChange,
  ticketsLeft,
} from './lottery-logic.ts'

const lottery = (id: number, overrides: Partial<Lottery> = {}): Lottery => ({
  id,
  slug: `lottery-${String(id)}`,
  title: `Lottery ${String(id)}`,
  text: '',
  image_url: '/x.svg',
  image_alt: '',
  phase: 'open',
  sales_open_at: '2026-11-01T00:00:00.000Z',
  sales_close_at: '2026-11-30T00:00:00.000Z',
  draw_at: '2026-11-30T01:00:00.000Z',
  drawn_at: null,
  ticket_every_eur: 50,
  max_tickets_per_player: 20,
  shop_item_id: 7,
  ticket_count: 0,
  prizes: [],
  server_seed_hash: 'ab',
  server_seed: null,
  client_seed: null,
  winners: [],
  ...overrides,
})

const ticket = (number: number, wonRank: number | null = null) => ({
  id: `00000000-0000-4000-8000-${String(number).padStart(12, '0')}`,
  number,
  source: 'bought' as const,
  created_at: '2026-11-02T00:00:00.000Z',
  won_rank: wonRank,
})

describe('currentLottery', () => {
  it('leads with the open lottery closing first', () => {
    const lotteries = [
      lottery(1, { phase: 'upcoming', sales_open_at: '2026-12-01T00:00:00.000Z' }),
      lottery(2, { sales_close_at: '2026-12-05T00:00:00.000Z' }),
      lottery(3, { sales_close_at: '2026-11-29T00:00:00.000Z' }),
    ]
    expect(currentLottery(lotteries)?.id).toBe(3)
  })

  it('falls back to the next upcoming, then to one awaiting its draw, then none', () => {
    const upcoming = [
      lottery(1, { phase: 'upcoming', sales_open_at: '2026-12-09T00:00:00.000Z' }),
      lottery(2, { phase: 'upcoming', sales_open_at: '2026-12-02T00:00:00.000Z' }),
      lottery(3, { phase: 'closed' }),
    ]
    expect(currentLottery(upcoming)?.id).toBe(2)
    expect(currentLottery([lottery(4, { phase: 'closed' })])?.id).toBe(4)
    expect(currentLottery([])).toBeUndefined()
  })
})

describe('tickets', () => {
  it('flattens every lottery’s tickets into one list, each knowing its lottery', () => {
    const flat = flattenTickets([
      { lottery_id: 1, phase: 'open', tickets: [ticket(1), ticket(4)], progress: null },
      { lottery_id: 2, phase: 'drawn', tickets: [ticket(9, 1)], progress: null },
    ])
    expect(flat.map((entry) => [entry.lottery_id, entry.number, entry.won_rank])).toEqual([
      [1, 1, null],
      [1, 4, null],
      [2, 9, 1],
    ])
  })

  it('counts what the per-player limit still allows', () => {
    expect(ticketsLeft(lottery(1, { max_tickets_per_player: 5 }), 3)).toBe(2)
    expect(ticketsLeft(lottery(1, { max_tickets_per_player: 5 }), 7)).toBe(0)
  })
})

describe('countdown', () => {
  const now = Date.parse('2026-11-27T10:00:00.000Z')

  it('splits what is left into days and a clock', () => {
    const left = countdown('2026-11-29T15:04:05.000Z', now)
    expect(left).toEqual({ days: 2, hours: 5, minutes: 4, seconds: 5 })
    expect(left && clockText(left)).toBe('05:04:05')
  })

  it('is over at the moment itself and after', () => {
    expect(countdown('2026-11-27T10:00:00.000Z', now)).toBeNull()
    expect(countdown('2026-11-27T09:00:00.000Z', now)).toBeNull()
    expect(countdown('not a date', now)).toBeNull()
  })

  it('knows the next moment the phases change by the clock', () => {
    const lotteries = [
      lottery(1, { phase: 'upcoming', sales_open_at: '2026-11-28T00:00:00.000Z' }),
      lottery(2, { phase: 'open', sales_close_at: '2026-11-27T12:00:00.000Z' }),
      lottery(3, { phase: 'closed', draw_at: '2026-11-27T09:59:00.000Z' }),
      lottery(4, { phase: 'drawn' }),
    ]
    expect(nextChange(lotteries, now)).toBe(Date.parse('2026-11-27T12:00:00.000Z'))
    expect(nextChange([lottery(4, { phase: 'drawn' })], now)).toBeNull()
  })
})
