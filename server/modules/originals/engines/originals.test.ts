import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import {
  DICE_OUTCOMES,
  diceMultiplierBp,
  diceOutcome,
  diceRoll,
  diceWinCount,
  isDiceBetValid,
} from './dice.ts'
import { drawInts, hashServerSeed, uint32Stream, uniformInt } from './fairness.ts'
import { MINES_TILES, minePositions, minesMultiplierBp, minesPayout } from './mines.ts'
import { coveredNumbers, rouletteOutcome, rouletteSpin, type RouletteBetKind } from './roulette.ts'
import { STATED_RTP, simulateRtp } from './rtp.ts'
import { SLOT_STRIP, linePay, slotLineStatistics, slotOutcome, slotSpin } from './slots.ts'

/**
 * Published example: anyone can check these with any HMAC-SHA256 tool. Server seed
 * `aurum-example-server-seed` (its SHA-256 is committed before play), client seed `player-seed`.
 */
const EXAMPLE = { serverSeed: 'aurum-example-server-seed', clientSeed: 'player-seed' }
const at = (nonce: number) => ({ ...EXAMPLE, nonce })

describe('fairness', () => {
  it('commits to the server seed by its SHA-256', () => {
    expect(hashServerSeed(EXAMPLE.serverSeed)).toBe(
      '1a33cf9537da7622abc750b9e66135452838522e4b3d610d565168a2998cb7d9',
    )
  })

  it('reads HMAC-SHA256(serverSeed, "clientSeed:nonce:cursor") four bytes at a time', () => {
    const block = createHmac('sha256', EXAMPLE.serverSeed).update('player-seed:0:0').digest()
    expect(block.toString('hex')).toBe(
      'f7a26d0c9771179f16bc1af4223a43f7a9409ac8aadf1c25808cc53c07d589f9',
    )
    const stream = uint32Stream(at(0))
    const first = Array.from({ length: 9 }, () => stream.next().value as number)
    expect(first.slice(0, 8)).toEqual(
      Array.from({ length: 8 }, (_, index) => block.readUInt32BE(index * 4)),
    )
    // The ninth number comes from cursor 1.
    const next = createHmac('sha256', EXAMPLE.serverSeed).update('player-seed:0:1').digest()
    expect(first[8]).toBe(next.readUInt32BE(0))
  })

  it('maps a uint32 onto a range evenly, never reaching its end', () => {
    expect(uniformInt(0, 37)).toBe(0)
    expect(uniformInt(2 ** 32 - 1, 37)).toBe(36)
    expect(uniformInt(4_154_617_100, 10_000)).toBe(9673)
    expect(() => uniformInt(1, 0)).toThrow()
    expect(drawInts(at(0), 3, 6)).toHaveLength(3)
  })
})

describe('dice', () => {
  it('rolls the published example', () => {
    expect([0, 1, 2].map((nonce) => diceRoll(at(nonce)))).toEqual([9673, 2872, 5154])
  })

  it('pays 99 % of the fair odds, rounded down', () => {
    expect(diceWinCount({ target: 5000, direction: 'under' })).toBe(5000)
    expect(diceWinCount({ target: 5000, direction: 'over' })).toBe(4999)
    expect(diceMultiplierBp({ target: 5000, direction: 'under' })).toBe(19_800)
    const win = diceOutcome(at(1), { target: 5000, direction: 'under' }, 1_000n)
    expect(win).toEqual({ roll: 2872, isWin: true, multiplierBp: 19_800, payoutMinor: 1_980n })
    const loss = diceOutcome(at(0), { target: 5000, direction: 'under' }, 1_000n)
    expect(loss).toMatchObject({ isWin: false, payoutMinor: 0n })
  })

  it('returns at most 99 % and at least 98.99 % for every bet a player may place', () => {
    for (let target = 1; target < DICE_OUTCOMES; target += 7) {
      for (const direction of ['under', 'over'] as const) {
        const bet = { target, direction }
        if (!isDiceBetValid(bet)) continue
        const rtp = (diceWinCount(bet) * diceMultiplierBp(bet)) / DICE_OUTCOMES / 10_000
        expect(rtp).toBeLessThanOrEqual(0.99)
        expect(rtp).toBeGreaterThan(0.9899)
      }
    }
  })

  it('refuses targets outside the range or win chances above 98 %', () => {
    expect(isDiceBetValid({ target: 0, direction: 'under' })).toBe(false)
    expect(isDiceBetValid({ target: 10_000, direction: 'under' })).toBe(false)
    expect(isDiceBetValid({ target: 9_900, direction: 'under' })).toBe(false)
    expect(isDiceBetValid({ target: 50.5, direction: 'under' })).toBe(false)
    expect(isDiceBetValid({ target: 9_800, direction: 'under' })).toBe(true)
  })
})

describe('European roulette', () => {
  it('spins the published example', () => {
    expect([0, 1, 2].map((nonce) => rouletteSpin(at(nonce)))).toEqual([35, 10, 19])
  })

  it('returns 36/37 on every kind of bet', () => {
    const kinds: [RouletteBetKind, number?][] = [
      ['straight', 0],
      ['straight', 17],
      ['red'],
      ['black'],
      ['even'],
      ['odd'],
      ['low'],
      ['high'],
      ['dozen', 1],
      ['dozen', 3],
      ['column', 2],
    ]
    for (const [kind, value] of kinds) {
      const covered = coveredNumbers({ kind, ...(value !== undefined && { value }) })
      expect(covered.length, kind).toBeGreaterThan(0)
      expect(((covered.length / 37) * 36) / covered.length).toBeCloseTo(36 / 37, 12)
    }
    expect(coveredNumbers({ kind: 'red' })).toHaveLength(18)
    expect(coveredNumbers({ kind: 'straight', value: 37 })).toEqual([])
    expect(coveredNumbers({ kind: 'dozen', value: 4 })).toEqual([])
  })

  it('pays every bet on the pocket', () => {
    // Pocket 35 is black, odd, high, third dozen, second column.
    const outcome = rouletteOutcome(at(0), [
      { bet: { kind: 'straight', value: 35 }, stakeMinor: 100n },
      { bet: { kind: 'black' }, stakeMinor: 100n },
      { bet: { kind: 'red' }, stakeMinor: 100n },
      { bet: { kind: 'dozen', value: 3 }, stakeMinor: 100n },
    ])
    expect(outcome).toEqual({ pocket: 35, payoutMinor: 3_600n + 200n + 300n })
  })
})

describe('mines', () => {
  it('lays the published example', () => {
    expect(minePositions(at(0), 3)).toEqual([4, 15, 24])
    expect(minePositions(at(1), 3)).toEqual([4, 7, 16])
    expect(new Set(minePositions(at(0), 24)).size).toBe(24)
  })

  it('returns 99 % whenever the player cashes out', () => {
    const choose = (n: number, k: number) => {
      let result = 1
      for (let index = 0; index < k; index++) result = (result * (n - index)) / (index + 1)
      return result
    }
    for (const mines of [1, 3, 5, 10, 24]) {
      for (let revealed = 1; revealed <= MINES_TILES - mines; revealed++) {
        const chance = choose(MINES_TILES - mines, revealed) / choose(MINES_TILES, revealed)
        const rtp = (chance * minesMultiplierBp(mines, revealed)) / 10_000
        expect(rtp).toBeLessThanOrEqual(0.99 + 1e-12)
        expect(rtp).toBeGreaterThan(0.989)
      }
    }
    expect(minesPayout(1_000n, 3, 2)).toBe(1_285n)
  })

  it('refuses a field with no mines or no safe tile', () => {
    expect(() => minePositions(at(0), 0)).toThrow()
    expect(() => minePositions(at(0), 25)).toThrow()
  })
})

describe('slots', () => {
  it('stops the reels of the published example', () => {
    expect(slotSpin(at(0)).stops).toEqual([19, 11, 1, 2, 13])
    expect(slotSpin(at(0)).window).toHaveLength(5)
    expect(SLOT_STRIP).toHaveLength(20)
  })

  it('pays lines from the left with wilds standing in', () => {
    expect(linePay(['cherry', 'cherry', 'cherry', 'lemon', 'cherry'])).toEqual({
      symbol: 'cherry',
      count: 3,
      pay: 6,
    })
    expect(linePay(['wild', 'bar', 'wild', 'bar', 'plum'])).toEqual({
      symbol: 'bar',
      count: 4,
      pay: 25,
    })
    expect(linePay(['wild', 'wild', 'wild', 'wild', 'wild'])).toEqual({
      symbol: 'seven',
      count: 5,
      pay: 80,
    })
    expect(linePay(['cherry', 'cherry', 'lemon', 'cherry', 'cherry'])).toBeUndefined()
  })

  it('states an exact RTP of 95.54 %', () => {
    expect(slotLineStatistics().rtp).toBeCloseTo(0.95544625, 8)
  })

  it('pays the sum of its line wins', () => {
    for (let nonce = 0; nonce < 200; nonce++) {
      const outcome = slotOutcome(at(nonce), 1_000n)
      const total = outcome.wins.reduce((sum, win) => sum + win.pay, 0)
      expect(outcome.payoutMinor).toBe(BigInt(total * 100))
    }
  })
})

describe('simulation harness (the 1,000,000-round check runs as `npm run sim:rtp`)', () => {
  it.each(Object.keys(STATED_RTP) as (keyof typeof STATED_RTP)[])(
    '%s lands near its stated RTP over 20,000 rounds',
    (game) => {
      expect(Math.abs(simulateRtp(game, 20_000) - STATED_RTP[game])).toBeLessThan(0.05)
    },
  )
})
