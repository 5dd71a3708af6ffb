import type { Wheel } from './rewards-data.ts'

/** How long a spin turns (the spec's 4 s, easing out); none when the player cuts motion. */
export const SPIN_MS = 4000
/** Whole turns a spin makes before it settles. */
const TURNS = 5
const RADIUS = 96

/** A point on the wheel at `degrees` clockwise from the top. */
function xy(degrees: number, radius: number): [number, number] {
  const radians = (degrees * Math.PI) / 180
  return [
    Number((Math.sin(radians) * radius).toFixed(3)),
    Number((-Math.cos(radians) * radius).toFixed(3)),
  ]
}

const point = (degrees: number, radius: number) => xy(degrees, radius).join(' ')

/** Dark or light ink over an operator's segment colour (`#rgb` or `#rrggbb`), for contrast. */
export function inkOn(color: string): string {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color.trim())?.[1]
  if (!hex) return '#ffffff'
  const full = hex.length === 3 ? hex.replace(/./g, '$&$&') : hex
  const [r, g, b] = [0, 2, 4].map((at) => {
    const channel = Number.parseInt(full.slice(at, at + 2), 16) / 255
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4
  }) as [number, number, number]
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b
  // The crossing point where black and white text have the same contrast ratio.
  return luminance > 0.179 ? '#1a1405' : '#ffffff'
}

/**
 * The wheel's angle after a spin that lands segment `index` under the pointer (at the top): on
 * from `current` by whole turns, then to the segment's centre, nudged within it by `jitter`
 * (-0.5..0.5 of a segment) so the wheel does not stop on the same spot every time.
 */
export function landingRotation(current: number, index: number, count: number, jitter = 0): number {
  const step = 360 / count
  const target = (((360 - (index + 0.5 + jitter * 0.8) * step) % 360) + 360) % 360
  const base = current - (((current % 360) + 360) % 360)
  return base + TURNS * 360 + target
}

/** Room along the radius for a label, between the hub and the rim (viewBox units). */
const LABEL_ROOM = 62
const LABEL_AT = 58

/** A label short enough to read on the rim; the full one is in the odds table. */
const rimLabel = (label: string): string =>
  label.length > 18 ? `${label.slice(0, 17).trimEnd()}…` : label

/**
 * The wheel drawn in SVG: each segment in its colour with its label along the radius, a pointer
 * at the top. It turns by `rotation` degrees, over `SPIN_MS` with an ease-out while `spinning`
 * (not at all under reduced motion).
 */
export function WheelArt({
  segments,
  rotation,
  spinning,
  label,
}: {
  segments: Wheel['bonuses']
  rotation: number
  spinning: boolean
  label: string
}) {
  const count = Math.max(segments.length, 1)
  const step = 360 / count
  const fontSize = count > 12 ? 6 : count > 8 ? 7.5 : 9
  return (
    <div
      className="relative mx-auto aspect-square w-full max-w-[26rem]"
      role="img"
      aria-label={label}
    >
      <div
        data-testid="wheel-disc"
        data-rotation={rotation}
        className="size-full rounded-full shadow-2xl shadow-gold/20 motion-reduce:!transition-none"
        style={{
          transform: `rotate(${String(rotation)}deg)`,
          transition: spinning
            ? `transform ${String(SPIN_MS)}ms cubic-bezier(0.12, 0.7, 0.2, 1)`
            : 'none',
        }}
      >
        <svg viewBox="-100 -100 200 200" className="size-full" aria-hidden="true">
          <circle r="99" className="fill-gold-strong" />
          {segments.map((segment, index) => {
            const from = index * step
            const to = from + step
            const ink = inkOn(segment.color)
            const text = rimLabel(segment.label)
            return (
              <g key={segment.bonus_id}>
                {count === 1 ? (
                  <circle r={RADIUS} fill={segment.color} />
                ) : (
                  <path
                    d={`M0 0 L${point(from, RADIUS)} A${String(RADIUS)} ${String(RADIUS)} 0 ${step > 180 ? 1 : 0} 1 ${point(to, RADIUS)} Z`}
                    fill={segment.color}
                    stroke="rgba(0,0,0,0.25)"
                    strokeWidth="0.6"
                  />
                )}
                <g transform={`rotate(${String(from + step / 2)})`}>
                  <text
                    // Labels on the left half turn over, so none reads upside down.
                    transform={`translate(0 -${String(LABEL_AT)}) rotate(${from + step / 2 > 180 ? 90 : -90})`}
                    textAnchor="middle"
                    dominantBaseline="central"
                    fill={ink}
                    fontSize={fontSize}
                    fontWeight="700"
                    // An operator's label reads in its own direction on any page ("50 coins" on
                    // an Arabic page too).
                    style={{ unicodeBidi: 'plaintext' }}
                    {...(text.length * fontSize * 0.6 > LABEL_ROOM && {
                      textLength: LABEL_ROOM,
                      lengthAdjust: 'spacingAndGlyphs',
                    })}
                  >
                    {text}
                  </text>
                </g>
              </g>
            )
          })}
          {segments.map((_, index) => {
            const [cx, cy] = xy(index * step, 92.5)
            return <circle key={index} cx={cx} cy={cy} r="1.8" className="fill-gold-soft" />
          })}
          <circle r="15" className="fill-surface-raised stroke-gold-strong" strokeWidth="3" />
          <circle r="5" className="fill-gold-strong" />
        </svg>
      </div>
      <svg
        viewBox="0 0 24 30"
        aria-hidden="true"
        className="absolute -top-2 left-1/2 h-10 w-8 -translate-x-1/2 drop-shadow-lg"
      >
        <path d="M2 2h20L12 28Z" className="fill-gold-soft stroke-on-gold" strokeWidth="1.5" />
      </svg>
    </div>
  )
}
