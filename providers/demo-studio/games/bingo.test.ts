import { describe, expect, it } from 'vitest'
import { INSTANT_TITLES } from '../titles/instant.ts'
import { BINGO_CORNERS, BINGO_DRAWN, BINGO_LINES, bingoTenths, createBingo } from './bingo.ts'
import { scriptedRng } from './rng.ts'

const choose = (n: number, k: number): bigint => {
  if (k < 0 || k > n) return 0n
  let r = 1n
  for (let i = 0; i < k; i++) r = (r * BigInt(n - i)) / BigInt(i + 1)
  return r
}

/**
 * The exact figures: the drawn balls mark a subset of the card's 24 numbers; a given subset of
 * k numbers is the marked one with probability C(51, drawn − k) ÷ C(75, drawn). All 2^24
 * subsets are enumerated.
 */
function exact() {
  const bit = (cell: number) => (cell < 12 ? 1 << cell : cell > 12 ? 1 << (cell - 1) : 0)
  const lineMasks = BINGO_LINES.map((line) => line.reduce((m, cell) => m | bit(cell), 0))
  const cornerMask = BINGO_CORNERS.reduce((m, cell) => m | bit(cell), 0)
  const full = (1 << 24) - 1
  const pays = new Map<number, Float64Array>()
  const popcount = new Uint8Array(1 << 24)
  for (let m = 1; m < 1 << 24; m++) popcount[m] = (popcount[m >> 1] ?? 0) + (m & 1)
  for (let mask = 0; mask <= full; mask++) {
    let lines = 0
    for (const line of lineMasks) if ((mask & line) === line) lines++
    const tenths = bingoTenths(lines, (mask & cornerMask) === cornerMask, mask === full)
    let row = pays.get(tenths)
    if (!row) pays.set(tenths, (row = new Float64Array(25)))
    row[popcount[mask] ?? 0] = (row[popcount[mask] ?? 0] ?? 0) + 1
  }
  const total = choose(75, BINGO_DRAWN)
  let paid = 0n
  let squares = 0n
  let hits = 0n
  for (const [tenths, row] of pays) {
    row.forEach((count, k) => {
      const weight = BigInt(count) * choose(51, BINGO_DRAWN - k)
      paid += weight * BigInt(tenths)
      squares += weight * BigInt(tenths) ** 2n
      if (tenths > 0) hits += weight
    })
  }
  const rtp = Number((paid * 10n ** 12n) / (total * 10n)) / 1e12
  const square = Number((squares * 10n ** 12n) / (total * 100n)) / 1e12
  return { rtp, hit: Number((hits * 10n ** 12n) / total) / 1e12, sd: Math.sqrt(square - rtp * rtp) }
}

describe('bingo', () => {
  it('states the exact figures (all 2^24 marked subsets, hypergeometric weights)', () => {
    const figures = exact()
    const title = INSTANT_TITLES.find((t) => t.code === 'lighthouse-bingo')
    expect(title?.stated.rtpBp).toBe(Math.round(figures.rtp * 10_000))
    expect(title?.stated.hitBp).toBe(Math.round(figures.hit * 10_000))
    expect(figures.sd).toBeGreaterThanOrEqual(1.6)
    expect(figures.sd).toBeLessThan(2.3)
    expect(title?.stated.volatility).toBe('medium')
    expect(title?.stated.maxWinX).toBe(1000)
  }, 30_000)

  it('pays a hand-computed card', () => {
    // Card: zero each time takes each column's numbers in order (B 1–5, I 16–20, N 31–34, …).
    // Balls: zero each time draws 1, 2, 3 … 34: column B (1–5) and I (16–20) are complete,
    // and nothing else of the card (31+ are not drawn beyond 34: N has 31–34, so column N is
    // complete too with the free centre).
    const bingo = createBingo()
    const round = bingo.start({}, 100n, scriptedRng(new Array<number>(24 + BINGO_DRAWN).fill(0)))
    expect(round.view.card.slice(0, 5)).toEqual([1, 16, 31, 46, 61])
    expect(round.view.card[12]).toBe(0)
    expect(round.view.drawn).toEqual(Array.from({ length: BINGO_DRAWN }, (_, i) => i + 1))
    // Columns B, I and N: three lines.
    expect(round.view.lines).toEqual([5, 6, 7])
    expect(round.view.corners).toBe(false)
    expect(round.payout).toBe(1200n)
  })
})
