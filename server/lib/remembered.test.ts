import { describe, expect, it, vi } from 'vitest'
import { remembered } from './remembered.ts'

describe('remembered', () => {
  it('computes a key once and answers the same value after', () => {
    const compute = vi.fn((key: string) => `${key}!`)
    const of = remembered(compute, 10)
    expect(of('a')).toBe('a!')
    expect(of('a')).toBe('a!')
    expect(of('b')).toBe('b!')
    expect(compute).toHaveBeenCalledTimes(2)
  })

  it('holds at most `max` keys, computing a forgotten one again', () => {
    const compute = vi.fn((key: string) => key.length)
    const of = remembered(compute, 2)
    of('a')
    of('bb')
    of('ccc')
    expect(of('a')).toBe(1)
    expect(compute).toHaveBeenCalledTimes(4)
  })
})
