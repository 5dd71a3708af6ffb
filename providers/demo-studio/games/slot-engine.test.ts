import { describe, expect, it } from 'vitest'
import { scriptedRng } from './rng.ts'
import { EMPTY, slotEngine, slotInfo, type SlotConfig } from './slot-engine.ts'
import type { SlotView } from './slot-view.ts'

// Hand-computed rounds. A strip of three symbols stopped at 0 shows exactly that strip top to
// bottom, so each window below is written reel by reel.

const A = 0
const B = 1
const C = 2
const W = 3
const S = 4

/** Plays one round of `cfg` with scripted draws; returns the payout and the view. */
function play(cfg: SlotConfig, draws: number[], stake: bigint, buy = false) {
  const math = slotEngine(cfg).math
  const round = math.start({ buy }, stake, scriptedRng(draws))
  return { payout: round.payout, staked: round.staked, view: round.view }
}

const spinsOf = (view: SlotView) => view.spins.map((spin) => spin.kind)

describe('slot engine: lines', () => {
  const cfg = (wildMultiplier?: number): SlotConfig => ({
    layout: 'lines',
    reels: 5,
    rows: 3,
    symbols: [
      { art: 'ace', pays: { 3: 5, 4: 10, 5: 20 } },
      { art: 'king', pays: { 3: 2, 4: 4, 5: 8 } },
      { art: 'queen', pays: { 3: 1, 4: 2, 5: 3 } },
      {
        art: 'wild',
        kind: 'wild',
        pays: { 3: 50 },
        ...(wildMultiplier ? { multiplier: wildMultiplier } : {}),
      },
      { art: 'scatter', kind: 'scatter' },
    ],
    // top / middle / bottom rows:  W W W C C  |  A W A A B  |  B A A A A
    strips: [
      [W, A, B],
      [W, W, A],
      [W, A, A],
      [C, A, A],
      [C, B, A],
    ],
    lines: [
      [1, 1, 1, 1, 1],
      [0, 0, 0, 0, 0],
      [2, 2, 2, 2, 2],
    ],
    maxWinX: 1000,
  })

  it('substitutes wilds, pays the best of a line, left to right only', () => {
    // Stake 3: a line bet of 1. Middle: A W A A B → 4 aces = 10. Top: W W W C C → the wilds'
    // own 3 (50) beats C's 5 (C pays 3 for 5 of a kind; 50 > 3). Bottom: B A A A A → one B, no
    // pay (four aces from the second reel do not count).
    const { payout, view } = play(cfg(), [0, 0, 0, 0, 0], 3n)
    expect(payout).toBe(60n)
    const wins = view.spins[0]?.steps[0]?.wins ?? []
    expect(wins.map((win) => [win.line, win.symbol, win.count, win.pay])).toEqual([
      [0, A, 4, '10'],
      [1, W, 3, '50'],
    ])
    expect(wins[0]?.cells).toEqual([
      [0, 1],
      [1, 1],
      [2, 1],
      [3, 1],
    ])
    expect(view.spins[0]?.steps[0]?.grid).toEqual([
      [W, A, B],
      [W, W, A],
      [W, A, A],
      [C, A, A],
      [C, B, A],
    ])
    expect(view.payout).toBe('60')
  })

  it('multiplies a line by its wild multiplier', () => {
    // Middle line: A W(×2) A A → 4 aces × 2 = 20; the top's C run becomes 5 (W×2×2×2 × queen 3
    // = 24 against the wilds' own 50: 50 still wins, unmultiplied).
    const { payout } = play(cfg(2), [0, 0, 0, 0, 0], 3n)
    expect(payout).toBe(70n)
  })

  it('caps the payout at maxWinX × stake', () => {
    const { payout, view } = play({ ...cfg(), maxWinX: 10 }, [0, 0, 0, 0, 0], 3n)
    expect(payout).toBe(30n)
    expect(view.capped).toBe(true)
    expect(view.payout).toBe('30')
  })
})

describe('slot engine: ways', () => {
  const symbols: SlotConfig['symbols'] = [
    { art: 'ace', pays: { 3: 1, 4: 2, 5: 5 } },
    { art: 'king', pays: { 3: 0.5, 4: 1, 5: 2 } },
    { art: 'queen' },
    { art: 'wild', kind: 'wild' },
  ]

  it('counts 243 ways with several of a symbol on a reel and wilds', () => {
    const cfg: SlotConfig = {
      layout: 'ways',
      reels: 5,
      rows: 3,
      betDivisor: 10,
      symbols,
      // reel 1: A A B, reel 2: A W C, reel 3: B A C, reel 4: C C C, reel 5: C C C
      strips: [
        [A, A, B],
        [A, W, C],
        [B, A, C],
        [C, C, C],
        [C, C, C],
      ],
      maxWinX: 1000,
    }
    // Aces: 2 × 2 × 1 ways of 3 = 4 × 1; kings: 1 × 1 (the wild) × 1 way of 3 = 0.5. Stake 10: a
    // way unit of 1 → 4.5 → 4 (rounded down once).
    const { payout, view } = play(cfg, [0, 0, 0, 0, 0], 10n)
    expect(payout).toBe(4n)
    const wins = view.spins[0]?.steps[0]?.wins ?? []
    expect(wins.map((win) => [win.symbol, win.count, win.ways])).toEqual([
      [A, 3, 4],
      [B, 3, 1],
    ])
    expect(wins[0]?.cells).toEqual([
      [0, 0],
      [0, 1],
      [1, 0],
      [1, 1],
      [2, 1],
    ])
    expect(slotInfo(cfg).ways).toBe(243)
  })

  it('counts 1024 ways on a 5×4 window', () => {
    const cfg: SlotConfig = {
      layout: 'ways',
      reels: 5,
      rows: 4,
      betDivisor: 1,
      symbols,
      strips: [
        [A, A, A, A],
        [A, W, A, W],
        [A, A, A, A],
        [W, W, W, W],
        [A, A, A, A],
      ],
      maxWinX: 10_000,
    }
    // 4^5 = 1024 ways of 5 aces at 5 each; kings: every wild way would need a king on reel 1.
    const { payout, view } = play(cfg, [0, 0, 0, 0, 0], 1n)
    expect(payout).toBe(5120n)
    expect(view.spins[0]?.steps[0]?.wins[0]?.ways).toBe(1024)
    expect(slotInfo(cfg).ways).toBe(1024)
  })
})

describe('slot engine: scatters and free spins', () => {
  // Scatter strip: stop 0 shows S C B (a scatter on top), stop 1 shows C B C.
  // Blank strip: stop 0 shows C B C, stop 1 shows B C C.
  const scatterStrip = [S, C, B, C]
  const blankStrip = [C, B, C, C]
  const cfg: SlotConfig = {
    layout: 'lines',
    reels: 5,
    rows: 3,
    symbols: [
      { art: 'ace', pays: { 3: 5 } },
      { art: 'king', pays: { 3: 2, 4: 4, 5: 10 } },
      { art: 'queen' },
      { art: 'wild', kind: 'wild' },
      { art: 'scatter', kind: 'scatter', pays: { 3: 2 } },
    ],
    strips: [scatterStrip, blankStrip, scatterStrip, blankStrip, scatterStrip],
    lines: [[1, 1, 1, 1, 1]],
    freeSpins: { awards: { 3: 2 }, multiplier: 3, retrigger: true, maxSpins: 3 },
    buyPriceX: 50,
    maxWinX: 1000,
  }

  it('pays scatters anywhere, awards free spins, retriggers up to the cap, multiplies free wins', () => {
    const base = [0, 1, 0, 1, 0] // S . S . S: 3 scatters pay 2 × stake and award 2 free spins
    const retrigger = [0, 1, 0, 1, 0] // again: 2 × stake (unmultiplied), 2 more spins capped to 1
    const kings = [1, 0, 1, 0, 1] // middle row B B B B B: 10 line bets × 3
    const nothing = [1, 1, 1, 1, 1] // middle row B C B C B: no pay
    const { payout, view } = play(cfg, [...base, ...retrigger, ...kings, ...nothing], 1n)
    expect(spinsOf(view)).toEqual(['base', 'free', 'free', 'free'])
    expect(view.spins.map((spin) => [spin.awarded, spin.left])).toEqual([
      [2, 2],
      [1, 2],
      [0, 1],
      [0, 0],
    ])
    expect(view.spins.map((spin) => spin.pay)).toEqual(['2', '2', '30', '0'])
    expect(view.spins[0]?.steps[0]?.wins[0]).toMatchObject({
      kind: 'scatter',
      count: 3,
      cells: [
        [0, 0],
        [2, 0],
        [4, 0],
      ],
    })
    expect(view.spins[2]?.steps[0]?.multiplier).toBe(3)
    expect(payout).toBe(34n)
  })

  it('sells the free spins: the buy price, straight into the feature', () => {
    const math = slotEngine(cfg).math
    expect(math.startStake({ buy: true }, 10n)).toBe(500n)
    expect(math.startStake({}, 10n)).toBe(10n)
    const { staked, payout, view } = play(cfg, [...[1, 0, 1, 0, 1], ...[1, 1, 1, 1, 1]], 10n, true)
    expect(staked).toBe(500n)
    expect(view.bought).toBe(true)
    expect(spinsOf(view)).toEqual(['free', 'free'])
    expect(payout).toBe(300n)
    const withoutBuy = slotEngine({ ...cfg, buyPriceX: undefined }).math
    expect(withoutBuy.startStake({ buy: true }, 10n)).toBe('unavailable')
  })
})

describe('slot engine: cascades', () => {
  it('removes winners, drops symbols from the strip above and climbs the multiplier ladder', () => {
    const cfg: SlotConfig = {
      layout: 'ways',
      reels: 3,
      rows: 3,
      betDivisor: 1,
      symbols: [{ art: 'ace', pays: { 3: 1 } }, { art: 'king', pays: { 3: 2 } }, { art: 'queen' }],
      // Stopped at 2: the window is strip[2..4]; strip[1] (B) falls in first, then strip[0] (C).
      strips: [
        [C, B, A, C, C],
        [C, B, C, A, C],
        [C, B, C, C, A],
      ],
      cascade: { multipliers: [1, 2, 3] },
      maxWinX: 1000,
    }
    // Step 1: one way of 3 aces = 1. The aces go, kings drop in on top: one way of 3 kings = 2,
    // × 2 on the second step = 4. The kings go, queens drop in: nothing. 5 × stake.
    const { payout, view } = play(cfg, [2, 2, 2], 1n)
    expect(payout).toBe(5n)
    const steps = view.spins[0]?.steps ?? []
    expect(steps.map((step) => [step.multiplier, step.wins.map((win) => win.pay)])).toEqual([
      [1, ['1']],
      [2, ['4']],
      [3, []],
    ])
    expect(steps[0]?.grid).toEqual([
      [A, C, C],
      [C, A, C],
      [C, C, A],
    ])
    expect(steps[1]?.grid).toEqual([
      [B, C, C],
      [B, C, C],
      [B, C, C],
    ])
  })
})

describe('slot engine: hold and win', () => {
  const P = 0
  const K = 1
  const cfg: SlotConfig = {
    layout: 'lines',
    reels: 3,
    rows: 2,
    symbols: [
      { art: 'ace', pays: { 3: 1 } },
      { art: 'coin', kind: 'coin' },
    ],
    // reel 1: K K, reel 2: K P, reel 3: P P → 3 coins
    strips: [
      [K, K, P],
      [K, P, P],
      [P, P, P],
    ],
    lines: [[0, 0, 0]],
    holdAndWin: {
      trigger: 3,
      respins: 3,
      landPerMille: 500,
      coins: [
        { x: 1, weight: 1 },
        { x: 2, weight: 1, jackpot: 'MINI' },
      ],
      grandX: 50,
    },
    maxWinX: 1000,
  }
  // Stops, then the three coins' values (1, 2, 1).
  const start = [0, 0, 0, 0, 1, 0]
  // Respin 1: cell (1,1) misses, (2,0) lands a 2, (2,1) misses → back to 3 respins.
  // Respin 2: both miss (2 left). Respin 3: (1,1) lands a 1, (2,1) misses → back to 3.
  const respins = [999, 0, 1, 999, 999, 999, 0, 0, 999]

  it('resets the respins on each new coin and pays the coins', () => {
    const { payout, view } = play(cfg, [...start, ...respins, 999, 999, 999], 10n)
    // 1 + 2 + 1 + 2 + 1 = 7 × stake.
    expect(payout).toBe(70n)
    expect(spinsOf(view)).toEqual([
      'base',
      'respin',
      'respin',
      'respin',
      'respin',
      'respin',
      'respin',
    ])
    expect(view.spins.map((spin) => spin.left)).toEqual([0, 3, 2, 3, 2, 1, 0])
    expect(view.spins[0]?.coins).toEqual([
      ['10', '20'],
      ['10', null],
      [null, null],
    ])
    const last = view.spins[6]
    expect(last?.steps[0]?.grid).toEqual([
      [K, K],
      [K, K],
      [K, EMPTY],
    ])
    expect(last?.steps[0]?.wins[0]).toMatchObject({ kind: 'coins', count: 5, pay: '70' })
    expect(slotInfo(cfg).holdAndWin).toEqual({
      trigger: 3,
      respins: 3,
      jackpots: { MINI: 2, GRAND: 50 },
    })
  })

  it('adds the GRAND on a full window', () => {
    const { payout, view } = play(cfg, [...start, ...respins, 0, 1], 10n)
    // 7 + a last coin of 2 + the GRAND 50 = 59 × stake.
    expect(payout).toBe(590n)
    expect(view.spins.at(-1)?.left).toBe(0)
  })
})

describe('slot engine: megaways', () => {
  it('draws each reel’s height and counts the ways as their product', () => {
    const cfg: SlotConfig = {
      layout: 'megaways',
      reels: 6,
      rows: 7,
      minRows: 2,
      betDivisor: 1,
      symbols: [{ art: 'ace', pays: { 6: 1 } }],
      strips: [[A], [A], [A], [A], [A], [A]],
      maxWinX: 100_000,
    }
    // Heights 2, 3, 4, 5, 6, 7 (draws 0…5), each followed by its stop.
    const { payout, view } = play(cfg, [0, 0, 1, 0, 2, 0, 3, 0, 4, 0, 5, 0], 1n)
    const step = view.spins[0]?.steps[0]
    expect(step?.grid.map((reel) => reel.length)).toEqual([2, 3, 4, 5, 6, 7])
    expect(step?.wins[0]?.ways).toBe(2 * 3 * 4 * 5 * 6 * 7)
    expect(payout).toBe(5040n)
    const info = slotInfo(cfg)
    expect([info.ways, info.minRows, info.rows]).toEqual([117_649, 2, 7])
  })
})
