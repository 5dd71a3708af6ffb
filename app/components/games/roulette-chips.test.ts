import { describe, expect, it } from 'vitest'
import { ROULETTE_MAX_BETS } from '#common/originals-rules.ts'
import { chipsTotal, spotKey, withChip, type Chips } from './roulette-chips.ts'

describe('roulette chips', () => {
  it('adds a chip to a spot, stacking on one already there', () => {
    let chips: Chips = new Map()
    chips = withChip(chips, { kind: 'straight', value: 17 }, 100n) ?? chips
    chips = withChip(chips, { kind: 'straight', value: 17 }, 50n) ?? chips
    chips = withChip(chips, { kind: 'red' }, 10n) ?? chips
    expect(chips.get('straight:17')?.minor).toBe(150n)
    expect(chips.get(spotKey({ kind: 'red' }))?.minor).toBe(10n)
    expect(chipsTotal(chips)).toBe(160n)
  })

  it('refuses a new spot on a full table but still stacks on a taken one', () => {
    let chips: Chips = new Map()
    for (let n = 0; n < ROULETTE_MAX_BETS; n++) {
      chips = withChip(chips, { kind: 'straight', value: n }, 1n) ?? chips
    }
    expect(withChip(chips, { kind: 'red' }, 1n)).toBeUndefined()
    expect(withChip(chips, { kind: 'straight', value: 0 }, 1n)?.get('straight:0')?.minor).toBe(2n)
  })
})
