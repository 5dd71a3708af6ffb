import { describe, expect, it } from 'vitest'
import { uuidv5, uuidv7 } from './ids.ts'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-([0-9a-f])[0-9a-f]{3}-([0-9a-f])[0-9a-f]{3}-[0-9a-f]{12}$/

describe('uuidv7', () => {
  it('makes distinct version-7 ids across many draws of the random pool', () => {
    const ids = Array.from({ length: 2_000 }, () => uuidv7(1_700_000_000_000))
    expect(new Set(ids).size).toBe(ids.length)
    for (const id of ids.slice(0, 300)) {
      const [, version, variant] = UUID.exec(id) ?? []
      expect(version).toBe('7')
      expect(['8', '9', 'a', 'b']).toContain(variant)
    }
  })

  it('sorts by the time it was made', () => {
    expect(uuidv7(1_000) < uuidv7(2_000)).toBe(true)
    expect(uuidv7(1_700_000_000_000).slice(0, 13)).toBe('018bcfe5-6800')
  })
})

describe('uuidv5', () => {
  it('gives the same version-5 id for the same name, another for another', () => {
    expect(uuidv5('player:a:EUR:cash')).toBe(uuidv5('player:a:EUR:cash'))
    expect(uuidv5('player:a:EUR:cash')).not.toBe(uuidv5('player:a:EUR:bonus'))
    expect(UUID.exec(uuidv5('x'))?.[1]).toBe('5')
  })
})
