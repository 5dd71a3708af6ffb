import { describe, expect, it } from 'vitest'
import { outcomeOf, payoutOf, REEL, RTP_BP, WILD } from './slot.ts'

describe('Demo Studio slot', () => {
  it('returns the stated RTP over every stop combination (exact enumeration)', () => {
    const n = REEL.length
    let units = 0
    for (let a = 0; a < n; a++)
      for (let b = 0; b < n; b++) for (let c = 0; c < n; c++) units += outcomeOf([a, b, c]).units
    // Return per unit staked = units ÷ 5 per spin, averaged over n³ spins; in basis points.
    const rtpBp = (units * 10_000) / (5 * n ** 3)
    expect(Math.floor(rtpBp)).toBe(RTP_BP)
  })

  it('pays lines as written: three of a kind, wilds standing in, two commons from the left', () => {
    const at = (symbol: number) => REEL.indexOf(symbol)
    // Every reel showing the same three positions: all five lines see one symbol per reel row.
    const sevens = outcomeOf([at(5), at(5), at(5)])
    expect(sevens.window.map((reel) => reel[0])).toEqual([5, 5, 5])
    expect(sevens.lines.find((line) => line.line === 1)).toMatchObject({ symbol: 5, units: 100 })
    const wild = REEL.indexOf(WILD)
    const withWild = outcomeOf([at(5), wild, at(5)])
    expect(withWild.lines.find((line) => line.line === 1)).toMatchObject({ symbol: 5, count: 3 })
    expect(payoutOf(100n, 7)).toBe(140n)
    expect(payoutOf(33n, 1)).toBe(6n)
  })
})
