import { describe, expect, it } from 'vitest'
import { INSTANT_TITLES } from '../titles/instant.ts'
import { scriptedRng } from './rng.ts'
import { coveredBy, createRoulette, RED_NUMBERS, WHEEL_ORDER, type ChipBet } from './roulette.ts'

const roulette = createRoulette({ maxChips: 100, spinMs: 1000, table: 'anchor', sim: [] })

/** Paid ÷ staked over the 37 pockets, in millionths of the stake (exact: 36/37 is 972,972.97…). */
function exactReturn(bet: ChipBet) {
  let paid = 0n
  for (let pocket = 0; pocket < 37; pocket++)
    paid += roulette.start({ bets: [bet] }, 37_000n, scriptedRng([pocket])).payout
  return paid // over 37 rounds of 37,000 staked: 36/37 is exactly 36 × 37,000
}

describe('roulette', () => {
  const examples: ChipBet[] = [
    { kind: 'straight', value: 0, amount: 1 },
    { kind: 'straight', value: 17, amount: 1 },
    { kind: 'split', value: [0, 2], amount: 1 },
    { kind: 'split', value: [14, 17], amount: 1 },
    { kind: 'split', value: [35, 36], amount: 1 },
    { kind: 'street', value: 34, amount: 1 },
    { kind: 'corner', value: 1, amount: 1 },
    { kind: 'corner', value: 32, amount: 1 },
    { kind: 'line', value: 31, amount: 1 },
    { kind: 'dozen', value: 3, amount: 1 },
    { kind: 'column', value: 1, amount: 1 },
    ...(['red', 'black', 'odd', 'even', 'low', 'high'] as const).map((kind) => ({
      kind,
      amount: 1,
    })),
  ]
  it.each(examples)('$kind $value returns exactly 36/37 = 97.30 %', (bet) => {
    expect(exactReturn(bet)).toBe(36n * 37_000n)
  })

  it('covers the table as the layout says', () => {
    expect(coveredBy('column', 3)).toEqual([3, 6, 9, 12, 15, 18, 21, 24, 27, 30, 33, 36])
    expect(coveredBy('corner', 5)).toEqual([5, 6, 8, 9])
    expect(coveredBy('line', 4)).toEqual([4, 5, 6, 7, 8, 9])
    expect(coveredBy('red', undefined)).toHaveLength(18)
    expect(RED_NUMBERS).toHaveLength(18)
    expect([...WHEEL_ORDER].sort((a, b) => a - b)).toEqual(Array.from({ length: 37 }, (_, i) => i))
  })

  it('pays a hand-computed spread of bets', () => {
    const bets: ChipBet[] = [
      { kind: 'straight', value: 17, amount: 2 },
      { kind: 'split', value: [17, 20], amount: 1 },
      { kind: 'black', amount: 3 },
      { kind: 'dozen', value: 1, amount: 1 },
    ]
    expect(roulette.startStake({ bets }, 50n)).toBe(350n)
    const round = roulette.start({ bets }, 50n, scriptedRng([17]))
    expect(round.staked).toBe(350n)
    // 2 × 50 × 36 + 50 × 18 + 150 × 2 + 0 (17 is in the second dozen)
    expect(round.payout).toBe(3600n + 900n + 300n)
    expect(round.view.colour).toBe('black')
    expect(round.view.bets.map((b) => b.win)).toEqual(['3600', '900', '300', '0'])
  })

  it('refuses unknown kinds, places off the table, empty and oversized bets', () => {
    const refused = (bets: ChipBet[]) => roulette.startStake({ bets }, 10n)
    expect(refused([])).toBe('instantNoBets')
    expect(refused([{ kind: 'purple', amount: 1 }])).toBe('instantBadBet')
    expect(refused([{ kind: 'straight', value: 37, amount: 1 }])).toBe('instantBadBet')
    expect(refused([{ kind: 'split', value: [3, 4], amount: 1 }])).toBe('instantBadBet')
    expect(refused([{ kind: 'corner', value: 3, amount: 1 }])).toBe('instantBadBet')
    expect(refused([{ kind: 'street', value: 2, amount: 1 }])).toBe('instantBadBet')
    expect(refused([{ kind: 'red', value: 1, amount: 1 }])).toBe('instantBadBet')
    expect(refused([{ kind: 'red', amount: 0 }])).toBe('instantBadAmount')
    expect(
      refused([
        { kind: 'red', amount: 60 },
        { kind: 'black', amount: 41 },
      ]),
    ).toBe('instantTooManyChips')
    expect(
      refused([
        { kind: 'red', amount: 60 },
        { kind: 'black', amount: 40 },
      ]),
    ).toBe(1000n)
  })

  it("states the strategies' exact figures", () => {
    const anchor = INSTANT_TITLES.find((t) => t.code === 'anchor-roulette')
    const speed = INSTANT_TITLES.find((t) => t.code === 'speed-roulette')
    expect(anchor?.stated).toEqual({
      rtpBp: Math.round((36 / 37) * 10_000),
      hitBp: Math.round((18 / 37) * 10_000),
      volatility: 'low',
      maxWinX: 3600,
    })
    expect(speed?.stated).toEqual({
      rtpBp: 9730,
      hitBp: Math.round((12 / 37) * 10_000),
      volatility: 'low',
      maxWinX: 3600,
    })
  })
})
