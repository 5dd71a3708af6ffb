import { describe, expect, it } from 'vitest'
import {
  diceMultiplierBp as serverMultiplier,
  diceRoll,
  isDiceBetValid as serverValid,
} from '#server/modules/originals/engines/dice.ts'
import {
  clampTarget,
  diceMultiplierBp,
  dicePayoutMinor,
  diceRollOf,
  diceWins,
  isDiceBetValid,
  sha256Hex,
} from './dice-rules.ts'
import { formatMultiplierBp } from '#app/lib/format/game-numbers.ts'

describe('Dice in the browser matches the server', () => {
  it('rolls the same numbers from the same seeds (WebCrypto vs node:crypto)', async () => {
    for (let nonce = 0; nonce < 50; nonce++) {
      const input = { serverSeed: 'aurum-example-server-seed', clientSeed: 'player-seed', nonce }
      expect(await diceRollOf(input.serverSeed, input.clientSeed, nonce)).toBe(diceRoll(input))
    }
  })

  it('agrees on every line’s validity and multiplier', () => {
    for (const direction of ['over', 'under'] as const) {
      for (let target = 0; target <= 10_000; target += 7) {
        const bet = { target, direction }
        expect(isDiceBetValid(bet)).toBe(serverValid(bet))
        if (serverValid(bet)) expect(diceMultiplierBp(bet)).toBe(serverMultiplier(bet))
      }
    }
  })

  it('pays 1.98× at under 50.00 and rounds payouts down', () => {
    const bet = { target: 5000, direction: 'under' as const }
    expect(formatMultiplierBp(diceMultiplierBp(bet), 'en')).toBe('1.98×')
    expect(formatMultiplierBp(diceMultiplierBp(bet), 'de-DE')).toBe('1,98×')
    expect(dicePayoutMinor(100n, diceMultiplierBp(bet))).toBe(198n)
    expect(dicePayoutMinor(1n, diceMultiplierBp(bet))).toBe(1n)
    expect(diceWins(4999, bet)).toBe(true)
    expect(diceWins(5000, bet)).toBe(false)
    expect(diceWins(5001, { target: 5000, direction: 'over' })).toBe(true)
  })

  it('clamps lines to 0.01–98 % to win', () => {
    expect(clampTarget(0, 'under')).toBe(1)
    expect(clampTarget(9990, 'under')).toBe(9800)
    expect(clampTarget(5, 'over')).toBe(199)
    expect(clampTarget(9999, 'over')).toBe(9998)
    expect(isDiceBetValid({ target: clampTarget(120, 'over'), direction: 'over' })).toBe(true)
  })

  it('hashes like sha256sum', async () => {
    expect(await sha256Hex('abc')).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    )
  })
})
