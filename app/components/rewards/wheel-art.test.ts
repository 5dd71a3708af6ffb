import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { inkOn, landingRotation, SPIN_MS, WheelArt } from './wheel-art.tsx'

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

describe('WheelArt', () => {
  const segments = [
    { id: 1, bonus_id: 1, label: '50 coins', color: '#f5c542', probability: 50 },
    { id: 2, bonus_id: 2, label: 'Bronze chest', color: '#1b2a4a', probability: 50 },
  ].map((segment) => ({ ...segment, prize: { kind: 'coins' as const, coinsMinor: '100' } }))
  const draw = (spinning: boolean) =>
    renderToStaticMarkup(
      createElement(WheelArt, { segments, rotation: 1890, spinning, label: 'Prize wheel' }),
    )

  it('turns over 4 s easing out while spinning, and never under reduced motion', () => {
    expect(SPIN_MS).toBe(4000)
    expect(draw(true)).toContain('transition:transform 4000ms cubic-bezier(')
    expect(draw(true)).toContain('motion-reduce:!transition-none')
    expect(draw(false)).toContain('transition:none')
    expect(draw(false)).toContain('rotate(1890deg)')
  })

  it('names itself for screen readers and draws each label in its segment', () => {
    const html = draw(false)
    expect(html).toContain('role="img" aria-label="Prize wheel"')
    expect(html).toContain('>50 coins</text>')
    expect(html).toContain('>Bronze chest</text>')
  })
})
