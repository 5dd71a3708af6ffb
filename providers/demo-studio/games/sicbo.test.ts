import { describe, expect, it } from 'vitest'
import { INSTANT_TITLES } from '../titles/instant.ts'
import type { ChipBet } from './roulette.ts'
import { scriptedRng } from './rng.ts'
import { createSicbo, sicboReturn } from './sicbo.ts'

const sicbo = createSicbo({ maxChips: 20, sim: [] })

/** Chips returned over all 216 rolls for one chip on the bet (÷ 216 is its RTP). */
function returned(kind: string, value?: number) {
  let total = 0
  let hits = 0
  for (let a = 1; a <= 6; a++)
    for (let b = 1; b <= 6; b++)
      for (let c = 1; c <= 6; c++) {
        const r = sicboReturn(kind, value, [a, b, c])
        total += r
        if (r > 0) hits++
      }
  return { total, hits }
}

describe('sic bo', () => {
  it('returns exactly what each kind states (over the 216 rolls)', () => {
    expect(returned('small').total).toBe(210) // 97.22 %
    expect(returned('big').total).toBe(210)
    expect(returned('anyTriple').total).toBe(186) // 86.11 %
    for (let die = 1; die <= 6; die++) {
      expect(returned('single', die).total).toBe(199) // 92.13 %
      expect(returned('double', die).total).toBe(176) // 81.48 %
      expect(returned('triple', die).total).toBe(181) // 83.80 %
    }
    const totals: Record<number, number> = {
      4: 183,
      5: 186,
      6: 180,
      7: 195,
      8: 189,
      9: 175,
      10: 189,
    }
    for (const [total, back] of Object.entries(totals)) {
      expect(returned('total', Number(total)).total).toBe(back)
      expect(returned('total', 21 - Number(total)).total).toBe(back)
    }
  })

  it('pays hand-computed rolls', () => {
    const bets: ChipBet[] = [
      { kind: 'small', amount: 1 },
      { kind: 'total', value: 9, amount: 1 },
      { kind: 'single', value: 3, amount: 2 },
      { kind: 'double', value: 3, amount: 1 },
      { kind: 'anyTriple', amount: 1 },
    ]
    // 3, 3, 3: small loses on a triple; total 9 pays 6:1; single 3 on three dice 3:1; double 10:1; any triple 30:1.
    const triple = sicbo.start({ bets }, 10n, scriptedRng([2, 2, 2]))
    expect(triple.staked).toBe(60n)
    expect(triple.view.dice).toEqual([3, 3, 3])
    expect(triple.view.bets.map((b) => b.win)).toEqual(['0', '70', '80', '110', '310'])
    const plain = sicbo.start({ bets }, 10n, scriptedRng([0, 2, 4]))
    expect(plain.view.dice).toEqual([1, 3, 5])
    expect(plain.view.bets.map((b) => b.win)).toEqual(['20', '70', '40', '0', '0'])
  })

  it('refuses bad bets', () => {
    const refused = (bets: ChipBet[]) => sicbo.startStake({ bets }, 10n)
    expect(refused([{ kind: 'total', value: 3, amount: 1 }])).toBe('instantBadBet')
    expect(refused([{ kind: 'single', value: 7, amount: 1 }])).toBe('instantBadBet')
    expect(refused([{ kind: 'pair', amount: 1 }])).toBe('instantBadBet')
    expect(refused([{ kind: 'big', amount: 21 }])).toBe('instantTooManyChips')
    expect(refused([])).toBe('instantNoBets')
    expect(refused([{ kind: 'big', amount: 20 }])).toBe(200n)
  })

  it("states small's exact figures", () => {
    const title = INSTANT_TITLES.find((t) => t.code === 'sic-bo')
    const small = returned('small')
    expect(title?.stated).toEqual({
      rtpBp: Math.round((small.total / 216) * 10_000),
      hitBp: Math.round((small.hits / 216) * 10_000),
      volatility: 'low',
      maxWinX: 181 * 20,
    })
  })
})
