import { describe, expect, it } from 'vitest'
import { moved } from './move.ts'

describe('moved', () => {
  it('swaps an entry with its neighbour', () => {
    expect(moved(['a', 'b', 'c'], 1, 'up')).toEqual(['b', 'a', 'c'])
    expect(moved(['a', 'b', 'c'], 1, 'down')).toEqual(['a', 'c', 'b'])
  })

  it('leaves the list as it was at either end', () => {
    expect(moved(['a', 'b'], 0, 'up')).toEqual(['a', 'b'])
    expect(moved(['a', 'b'], 1, 'down')).toEqual(['a', 'b'])
  })
})
