import { describe, expect, it } from 'vitest'
import { inkOn, landingRotation } from './wheel-art.tsx'

/** The segment under the pointer (at the top) once the wheel turned `rotation` degrees. */
function segmentAtPointer(rotation: number, count: number): number {
  const step = 360 / count
  const atTop = (((-rotation % 360) + 360) % 360) / step
  return Math.floor(atTop)
}

describe('landingRotation', () => {
  it('stops every segment under the pointer, whatever the jitter, always turning forward', () => {
    for (const count of [2, 5, 8, 12]) {
      let rotation = 0
      for (let index = 0; index < count; index++) {
        for (const jitter of [-0.5, 0, 0.49]) {
          const next = landingRotation(rotation, index, count, jitter)
          expect(next - rotation).toBeGreaterThanOrEqual(5 * 360 - 360)
          expect(segmentAtPointer(next, count)).toBe(index)
          rotation = next
        }
      }
    }
  })
})

describe('inkOn', () => {
  it('writes dark on light colours and light on dark ones', () => {
    expect(inkOn('#f5c542')).toBe('#1a1405')
    expect(inkOn('#fff')).toBe('#1a1405')
    expect(inkOn('#1b2a4a')).toBe('#ffffff')
    expect(inkOn('#7a1f3d')).toBe('#ffffff')
    expect(inkOn('teal')).toBe('#ffffff')
  })
})
