import { describe, expect, it } from 'vitest'
import { diceRoll as serverDice } from '#server/modules/originals/engines/dice.ts'
import { hashServerSeed } from '#server/modules/originals/engines/fairness.ts'
import {
  minePositions as serverMines,
  minesMultiplierBp as serverMinesBp,
} from '#server/modules/originals/engines/mines.ts'
import { rouletteOutcome, rouletteSpin } from '#server/modules/originals/engines/roulette.ts'
import { slotOutcome as serverSlots, SLOT_STRIP } from '#server/modules/originals/engines/slots.ts'
import {
  coveredNumbers,
  diceRoll,
  minePositions,
  minesMultiplierBp,
  rouletteChipReturn,
  roulettePocket,
  sha256Hex,
  slotOutcome,
  SLOT_STRIP as BROWSER_STRIP,
  uint32s,
  type RouletteBet,
} from './fairness.ts'

/** The published example of originals.test.ts (docs/decisions/005-games.md). */
const EXAMPLE = { serverSeed: 'aurum-example-server-seed', clientSeed: 'player-seed' }

describe('the browser computes what the server computes (WebCrypto vs node:crypto)', () => {
  it('gives the published example’s numbers (originals.test.ts) in the browser', async () => {
    const at = (nonce: number) => ({ ...EXAMPLE, nonce })
    expect(await sha256Hex(EXAMPLE.serverSeed)).toBe(
      '1a33cf9537da7622abc750b9e66135452838522e4b3d610d565168a2998cb7d9',
    )
    expect(await Promise.all([0, 1, 2].map((nonce) => diceRoll(at(nonce))))).toEqual([
      9673, 2872, 5154,
    ])
    expect(await Promise.all([0, 1, 2].map((nonce) => roulettePocket(at(nonce))))).toEqual([
      35, 10, 19,
    ])
    expect(await minePositions(at(0), 3)).toEqual([4, 15, 24])
    expect(await minePositions(at(1), 3)).toEqual([4, 7, 16])
    expect((await slotOutcome(at(0), 100n)).stops).toEqual([19, 11, 1, 2, 13])
  })

  it('hashes the server seed the same way', async () => {
    expect(await sha256Hex(EXAMPLE.serverSeed)).toBe(hashServerSeed(EXAMPLE.serverSeed))
  })

  it('reads the published example stream across cursors', async () => {
    const { createHmac } = await import('node:crypto')
    const values = await uint32s({ ...EXAMPLE, nonce: 0 }, 10)
    const first = createHmac('sha256', EXAMPLE.serverSeed).update('player-seed:0:0').digest()
    const second = createHmac('sha256', EXAMPLE.serverSeed).update('player-seed:0:1').digest()
    expect(values.slice(0, 8)).toEqual(
      Array.from({ length: 8 }, (_, index) => first.readUInt32BE(index * 4)),
    )
    expect(values.slice(8)).toEqual([second.readUInt32BE(0), second.readUInt32BE(4)])
  })

  it('rolls Dice, spins Roulette and Slots and lays Mines identically for 60 nonces', async () => {
    expect(BROWSER_STRIP).toEqual(SLOT_STRIP)
    const bets: { bet: RouletteBet; stakeMinor: bigint }[] = [
      { bet: { kind: 'straight', value: 7 }, stakeMinor: 10n },
      { bet: { kind: 'red' }, stakeMinor: 25n },
      { bet: { kind: 'column', value: 2 }, stakeMinor: 30n },
    ]
    for (let nonce = 0; nonce < 60; nonce++) {
      const input = { ...EXAMPLE, nonce }
      expect(await diceRoll(input)).toBe(serverDice(input))
      const pocket = await roulettePocket(input)
      expect(pocket).toBe(rouletteSpin(input))
      expect(
        bets.reduce(
          (sum, { bet, stakeMinor }) => sum + rouletteChipReturn(bet, stakeMinor, pocket),
          0n,
        ),
      ).toBe(rouletteOutcome(input, bets).payoutMinor)
      expect(await slotOutcome(input, 1000n)).toEqual(serverSlots(input, 1000n))
      const mines = 1 + (nonce % 24)
      expect(await minePositions(input, mines)).toEqual(serverMines(input, mines))
    }
  })

  it('agrees on the Mines multipliers and the Roulette bets', () => {
    for (let mines = 1; mines < 25; mines++)
      for (let revealed = 0; revealed <= 25 - mines; revealed++)
        expect(minesMultiplierBp(mines, revealed)).toBe(serverMinesBp(mines, revealed))
    expect(coveredNumbers({ kind: 'dozen', value: 3 })).toHaveLength(12)
    expect(coveredNumbers({ kind: 'straight' })).toEqual([])
  })
})
