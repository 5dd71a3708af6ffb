// The studio's symbol library: every slot symbol drawn in code as an SVG string (no image files).
// Each drawing has its own colours, mixed with the title's accent so the same icon differs from
// title to title, bold dark outlines and gradients in <defs> whose ids are unique per call (the
// same symbol appears many times on one page). Runs in the browser and in node tests.

export interface SymbolPalette {
  accent: string
  /** The title's background (a CSS gradient): its first colour tints the outlines. */
  background: string
}

type Rgb = [number, number, number]

const HEX = /#([0-9a-f]{6}|[0-9a-f]{3})\b/i

function rgbOf(hex: string): Rgb {
  const found = HEX.exec(hex)?.[1] ?? '888888'
  const full =
    found.length === 3
      ? found
          .split('')
          .map((c) => c + c)
          .join('')
      : found
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as Rgb
}

const hexOf = (rgb: Rgb) =>
  '#' +
  rgb
    .map((v) =>
      Math.max(0, Math.min(255, Math.round(v)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')

/** `a` moved towards `b` by `t` (0…1). */
export function mix(a: string, b: string, t: number): string {
  const x = rgbOf(a)
  const y = rgbOf(b)
  return hexOf([0, 1, 2].map((i) => (x[i] ?? 0) + ((y[i] ?? 0) - (x[i] ?? 0)) * t) as Rgb)
}

const lighten = (c: string, t: number) => mix(c, '#ffffff', t)
const darken = (c: string, t: number) => mix(c, '#000000', t)

let serial = 0

/** What a drawing uses: its palette-tinted gradients and the shared outline. */
class Paint {
  private defs: string[] = []
  private count = 0
  readonly id: string
  /** The outline colour: near black, leaning to the title's background. */
  readonly ol: string
  readonly accent: string

  constructor(readonly palette: SymbolPalette) {
    this.id = `sy${(serial = (serial + 1) % 1e9).toString(36)}`
    this.accent = hexOf(rgbOf(palette.accent))
    const ground = HEX.exec(palette.background)?.[0] ?? '#1a1030'
    this.ol = darken(mix('#1b1326', ground, 0.3), 0.35)
  }

  /** The colour a drawing asks for, leaning a little to the title's accent. */
  tint(base: string, amount = 0.18) {
    return mix(base, this.accent, amount)
  }

  /** A top-to-bottom gradient of `base` (tinted): light above, dark below. */
  fill(base: string, amount = 0.18): string {
    const c = this.tint(base, amount)
    const id = `${this.id}g${(this.count++).toString(36)}`
    this.defs.push(
      `<linearGradient id="${id}" x1="0" y1="0" x2="0.3" y2="1"><stop offset="0" stop-color="${lighten(c, 0.45)}"/><stop offset="0.5" stop-color="${c}"/><stop offset="1" stop-color="${darken(c, 0.35)}"/></linearGradient>`,
    )
    return `url(#${id})`
  }

  /** A radial glow of `base` fading out. */
  glow(base: string, opacity = 0.55): string {
    const id = `${this.id}r${(this.count++).toString(36)}`
    this.defs.push(
      `<radialGradient id="${id}"><stop offset="0" stop-color="${base}" stop-opacity="${opacity}"/><stop offset="1" stop-color="${base}" stop-opacity="0"/></radialGradient>`,
    )
    return `url(#${id})`
  }

  definitions() {
    return this.defs.join('')
  }
}

// Shapes with the standard outline.
const O = (p: Paint, w = 3) =>
  `stroke="${p.ol}" stroke-width="${w}" stroke-linejoin="round" stroke-linecap="round"`
const path = (p: Paint, d: string, base: string, w = 3) =>
  `<path d="${d}" fill="${p.fill(base)}" ${O(p, w)}/>`
const circle = (p: Paint, cx: number, cy: number, r: number, base: string, w = 3) =>
  `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${p.fill(base)}" ${O(p, w)}/>`
const ellipse = (p: Paint, cx: number, cy: number, rx: number, ry: number, base: string, w = 3) =>
  `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="${p.fill(base)}" ${O(p, w)}/>`
const rect = (p: Paint, x: number, y: number, w: number, h: number, rx: number, base: string) =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${rx}" fill="${p.fill(base)}" ${O(p)}/>`
const line = (p: Paint, d: string, w = 3, color?: string) =>
  `<path d="${d}" fill="none" stroke="${color ?? p.ol}" stroke-width="${w}" stroke-linecap="round" stroke-linejoin="round"/>`
/** A white gloss. */
const shine = (d: string, opacity = 0.45) => `<path d="${d}" fill="#fff" opacity="${opacity}"/>`
const dot = (cx: number, cy: number, r: number, color: string) =>
  `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${color}"/>`
const text = (p: Paint, x: number, y: number, size: number, body: string, base: string, w = 5) =>
  `<text x="${x}" y="${y}" font-family="Georgia,'Times New Roman',serif" font-weight="900" font-size="${size}" text-anchor="middle" fill="${p.fill(lighten(base, 0.2), 0.2)}" stroke="${p.ol}" stroke-width="${w}" paint-order="stroke" stroke-linejoin="round">${body}</text>`
const label = (p: Paint, x: number, y: number, size: number, body: string, base: string) =>
  `<text x="${x}" y="${y}" font-family="Impact,'Arial Black',system-ui,sans-serif" font-weight="900" font-size="${size}" text-anchor="middle" letter-spacing="0.5" fill="${p.fill(base, 0.1)}" stroke="${p.ol}" stroke-width="4" paint-order="stroke" stroke-linejoin="round">${body}</text>`

/** Points of a star with `n` tips. */
function star(cx: number, cy: number, n: number, outer: number, inner: number, turn = -90) {
  const points: string[] = []
  for (let i = 0; i < n * 2; i++) {
    const r = i % 2 === 0 ? outer : inner
    const a = ((turn + (i * 180) / n) * Math.PI) / 180
    points.push(`${(cx + r * Math.cos(a)).toFixed(1)} ${(cy + r * Math.sin(a)).toFixed(1)}`)
  }
  return `M${points.join('L')}Z`
}

/** A cog with `teeth`. */
function cog(cx: number, cy: number, teeth: number, outer: number, inner: number) {
  const points: string[] = []
  const step = (Math.PI * 2) / teeth
  for (let i = 0; i < teeth; i++) {
    const a = i * step
    for (const [da, r] of [
      [0, inner],
      [0.12, outer],
      [0.38, outer],
      [0.5, inner],
    ] as const) {
      const t = a + da * step
      points.push(`${(cx + r * Math.cos(t)).toFixed(1)} ${(cy + r * Math.sin(t)).toFixed(1)}`)
    }
  }
  return `M${points.join('L')}Z`
}

const GOLD = '#f6c445'
const SILVER = '#c9d3de'
const WOOD = '#9a5b2e'

function royal(p: Paint, letter: string, base: string, size = 74) {
  return (
    `<circle cx="50" cy="52" r="40" fill="${p.glow(p.tint(base, 0.3), 0.5)}"/>` +
    text(p, 50, 50 + size * 0.36, size, letter, base, 6) +
    shine('M28 30 Q50 20 72 30 Q50 26 28 30Z', 0.35)
  )
}

function gem(p: Paint, base: string, outline: string, facets: string) {
  return (
    path(p, outline, base) +
    `<path d="${facets}" fill="none" stroke="#fff" stroke-opacity=".55" stroke-width="1.6" stroke-linejoin="round"/>` +
    shine('M30 30 L42 24 L38 36Z', 0.7)
  )
}

function bars(p: Paint, n: number) {
  const h = n === 1 ? 30 : n === 2 ? 24 : 19
  const gap = 4
  const total = n * h + (n - 1) * gap
  let out = ''
  for (let i = 0; i < n; i++) {
    const y = 50 - total / 2 + i * (h + gap)
    out +=
      rect(p, 12, y, 76, h, 6, '#22222c') +
      label(p, 50, y + h * 0.78, h * 0.8, 'BAR', i === 1 ? '#ff5a5a' : GOLD)
  }
  return out
}

const ART: Record<string, (p: Paint) => string> = {
  // Royals
  ace: (p) => royal(p, 'A', '#e9394b'),
  king: (p) => royal(p, 'K', '#3a7bea'),
  queen: (p) => royal(p, 'Q', '#b14be0'),
  jack: (p) => royal(p, 'J', '#2fbf71'),
  ten: (p) => royal(p, '10', '#f08a24', 60),
  nine: (p) => royal(p, '9', '#1fb8c4'),

  // Fruits
  cherry: (p) =>
    line(p, 'M33 56 Q38 30 62 12', 4, darken(p.tint('#3f8f2a'), 0.2)) +
    line(p, 'M66 58 Q60 34 62 12', 4, darken(p.tint('#3f8f2a'), 0.2)) +
    path(p, 'M62 14 Q76 4 88 14 Q76 24 62 14Z', '#49b23a') +
    circle(p, 32, 68, 18, '#e3182d') +
    circle(p, 66, 72, 18, '#e3182d') +
    shine('M22 62 Q26 54 34 54 Q27 58 24 66Z') +
    shine('M56 66 Q60 58 68 58 Q61 62 58 70Z'),
  lemon: (p) =>
    path(p, 'M8 54 Q14 28 44 24 Q66 22 82 34 Q92 44 92 54 Q86 78 56 82 Q30 86 14 70Z', '#f7dd2b') +
    path(p, 'M60 24 Q70 8 86 12 Q80 26 60 24Z', '#4fb33a') +
    shine('M22 46 Q30 32 46 30 Q32 38 26 50Z'),
  orange: (p) =>
    circle(p, 50, 56, 36, '#ff8a1c') +
    [
      [38, 50],
      [60, 62],
      [48, 74],
      [68, 46],
      [34, 66],
    ]
      .map(([x, y]) => dot(x ?? 0, y ?? 0, 1.6, darken(p.tint('#ff8a1c'), 0.25)))
      .join('') +
    path(p, 'M50 22 Q58 6 76 10 Q70 24 50 22Z', '#4fb33a') +
    shine('M28 44 Q34 30 48 28 Q36 36 32 48Z'),
  plum: (p) =>
    path(p, 'M50 20 Q84 18 82 56 Q78 90 50 90 Q20 90 18 56 Q18 20 50 20Z', '#7b2f9e') +
    line(p, 'M50 24 Q42 54 50 86', 2, darken(p.tint('#7b2f9e'), 0.35)) +
    line(p, 'M50 22 Q52 12 58 6', 4, p.tint(WOOD)) +
    shine('M28 40 Q32 28 44 26 Q34 34 32 46Z'),
  grapes: (p) =>
    line(p, 'M50 22 Q50 12 56 6', 4, p.tint(WOOD)) +
    path(p, 'M52 18 Q70 4 86 16 Q70 28 52 18Z', '#4fb33a') +
    [
      [36, 32],
      [52, 30],
      [68, 32],
      [28, 48],
      [44, 48],
      [60, 48],
      [74, 48],
      [36, 64],
      [52, 64],
      [66, 64],
      [44, 80],
      [58, 80],
    ]
      .map(([x, y]) => circle(p, x ?? 0, y ?? 0, 10, '#8a3fd1', 2.5))
      .join('') +
    shine('M30 28 Q34 24 38 26 Q33 28 32 32Z', 0.6),
  watermelon: (p) =>
    path(p, 'M6 36 A44 44 0 0 0 94 36 Z', '#2f9e44') +
    path(p, 'M14 36 A36 36 0 0 0 86 36 Z', '#f03e5a', 0) +
    `<path d="M14 36 H86" stroke="${p.ol}" stroke-width="3"/>` +
    [
      [34, 46],
      [50, 52],
      [66, 46],
      [42, 60],
      [58, 60],
    ]
      .map(([x, y]) => `<ellipse cx="${x}" cy="${y}" rx="2.4" ry="4" fill="#1b1b1b"/>`)
      .join('') +
    line(p, 'M10 38 A40 40 0 0 0 90 38', 2, '#eaf7d0'),
  bell: (p) =>
    circle(p, 50, 12, 6, GOLD) +
    path(
      p,
      'M50 16 C30 16 26 34 26 50 C26 64 18 70 12 78 L88 78 C82 70 74 64 74 50 C74 34 70 16 50 16Z',
      GOLD,
    ) +
    circle(p, 50, 84, 8, '#c7902a') +
    rect(p, 10, 72, 80, 8, 4, '#e0a92e') +
    shine('M36 28 Q42 20 50 20 Q40 28 38 48 Q34 38 36 28Z', 0.6),
  bar: (p) => bars(p, 1),
  'double-bar': (p) => bars(p, 2),
  'triple-bar': (p) => bars(p, 3),
  seven: (p) =>
    path(p, 'M18 14 H84 V28 C68 44 58 64 54 88 H32 C36 66 46 48 60 30 H18Z', '#e8203a', 4) +
    shine('M22 18 H78 V22 H22Z', 0.5),
  star: (p) =>
    `<circle cx="50" cy="52" r="42" fill="${p.glow(GOLD)}"/>` +
    path(p, star(50, 52, 5, 44, 19), GOLD, 4) +
    shine('M38 36 L50 12 L46 36Z', 0.5),

  // Gems
  'gem-red': (p) =>
    gem(
      p,
      '#e01e37',
      'M30 12 H70 L88 30 V70 L70 88 H30 L12 70 V30Z',
      'M30 30 H70 V70 H30Z M30 12 L30 30 M70 12 L70 30 M88 30 L70 30 M88 70 L70 70 M12 30 L30 30 M12 70 L30 70 M30 88 L30 70 M70 88 L70 70',
    ),
  'gem-blue': (p) =>
    gem(
      p,
      '#1f6fe5',
      'M50 8 L80 20 L92 50 L80 80 L50 92 L20 80 L8 50 L20 20Z',
      'M50 8 L50 30 M92 50 L70 50 M50 92 L50 70 M8 50 L30 50 M30 50 L50 30 L70 50 L50 70Z M20 20 L35 35 M80 20 L65 35 M80 80 L65 65 M20 80 L35 65',
    ),
  'gem-green': (p) =>
    gem(
      p,
      '#15a34a',
      'M24 10 H76 L88 22 V78 L76 90 H24 L12 78 V22Z',
      'M28 24 H72 V76 H28Z M24 10 L28 24 M76 10 L72 24 M76 90 L72 76 M24 90 L28 76',
    ),
  'gem-purple': (p) =>
    gem(
      p,
      '#8e2de2',
      'M50 90 L10 40 L28 14 H72 L90 40Z',
      'M10 40 H90 M28 14 L38 40 L50 14 L62 40 L72 14 M38 40 L50 90 L62 40',
    ),
  'gem-yellow': (p) =>
    gem(
      p,
      '#f5b800',
      'M50 8 L92 84 Q50 96 8 84Z',
      'M50 8 L50 58 M50 58 L8 84 M50 58 L92 84 M30 48 L50 58 L70 48',
    ),
  diamond: (p) =>
    `<circle cx="50" cy="50" r="44" fill="${p.glow('#bff6ff', 0.7)}"/>` +
    gem(
      p,
      '#9fe8ff',
      'M24 18 H76 L94 40 L50 92 L6 40Z',
      'M6 40 H94 M24 18 L36 40 L50 18 L64 40 L76 18 M36 40 L50 92 L64 40',
    ),

  // Nordic
  rune: (p) =>
    path(p, 'M26 10 Q50 4 74 10 Q84 50 76 90 Q50 96 24 90 Q16 50 26 10Z', '#7b8494') +
    line(p, 'M42 22 V80 M42 38 L62 24 M42 54 L62 40', 7, p.ol) +
    line(p, 'M42 22 V80 M42 38 L62 24 M42 54 L62 40', 3.4, lighten(p.accent, 0.35)),
  axe: (p) =>
    path(p, 'M62 12 L70 16 L36 92 L28 88Z', WOOD) +
    path(p, 'M48 18 Q70 10 88 30 Q92 54 76 66 Q72 50 58 42 L48 36Z', SILVER) +
    line(p, 'M60 42 Q74 48 78 62', 2, '#fff'),
  helmet: (p) =>
    path(p, 'M26 40 Q14 30 12 8 Q26 20 34 30Z', '#f1e6c8') +
    path(p, 'M74 40 Q86 30 88 8 Q74 20 66 30Z', '#f1e6c8') +
    path(p, 'M20 64 Q20 24 50 22 Q80 24 80 64 Z', SILVER) +
    rect(p, 16, 60, 68, 12, 5, '#b08040') +
    path(p, 'M44 60 H56 V90 Q50 94 44 90Z', '#b08040') +
    shine('M30 44 Q34 30 48 28 Q38 36 34 50Z', 0.5),
  longship: (p) =>
    path(p, 'M48 10 V58 M48 12 H80 L76 52 H52Z', '#e4dccb') +
    line(p, 'M54 20 H76 M54 30 H75 M54 40 H74', 5, p.tint('#c8202f', 0.3)) +
    line(p, 'M48 8 V62', 4) +
    path(p, 'M6 58 Q8 80 30 82 H74 Q90 80 94 60 Q84 66 70 66 H28 Q14 66 6 58Z', WOOD) +
    path(p, 'M10 62 Q2 44 10 32 Q18 30 18 40 Q12 46 16 58Z', WOOD) +
    [26, 40, 54, 68].map((x) => circle(p, x, 72, 5, '#d9a441', 2)).join(''),
  wolf: (p) =>
    path(p, 'M22 14 L38 34 H62 L78 14 L80 46 Q80 70 50 90 Q20 70 20 46Z', '#8d96a6') +
    path(p, 'M36 58 Q50 52 64 58 Q60 80 50 88 Q40 80 36 58Z', '#e6e9ef') +
    path(p, 'M44 62 H56 L50 70Z', '#1c1c22', 2) +
    path(p, 'M30 44 L42 46 L34 50Z', '#ffd23f', 2) +
    path(p, 'M70 44 L58 46 L66 50Z', '#ffd23f', 2),
  raven: (p) =>
    path(
      p,
      'M14 56 Q30 30 58 30 Q66 18 80 22 L92 28 L80 32 Q84 52 66 66 L74 90 L62 88 L56 70 Q34 76 14 56Z',
      '#2a2f3d',
    ) +
    path(p, 'M30 52 Q46 40 62 46 Q50 60 30 52Z', '#3d4559') +
    dot(74, 28, 3, lighten(p.accent, 0.3)),
  shield: (p) =>
    circle(p, 50, 50, 42, WOOD) +
    line(p, 'M50 10 V90 M10 50 H90', 8, p.tint('#c8202f', 0.35)) +
    `<circle cx="50" cy="50" r="42" fill="none" stroke="${p.tint(SILVER)}" stroke-width="5"/>` +
    circle(p, 50, 50, 12, SILVER) +
    `<circle cx="50" cy="50" r="44.5" fill="none" stroke="${p.ol}" stroke-width="3"/>`,
  hammer: (p) =>
    path(p, 'M44 44 H56 V90 Q50 94 44 90Z', WOOD) +
    path(p, 'M14 14 H86 Q90 30 86 46 H14 Q10 30 14 14Z', SILVER) +
    line(p, 'M30 22 L40 30 L30 38 M70 22 L60 30 L70 38', 3, p.tint('#6b7a8f')) +
    rect(p, 42, 86, 16, 8, 3, '#d9a441'),
  aurora: (p) =>
    rect(p, 8, 10, 84, 80, 14, '#16224a') +
    `<path d="M10 52 Q30 20 50 42 T90 30 V54 Q70 66 50 56 T10 66Z" fill="${p.fill('#3be8a0', 0.3)}" opacity=".85"/>` +
    `<path d="M10 40 Q34 14 56 30 T90 20 V32 Q70 40 54 36 T10 50Z" fill="${p.fill('#8b5cf6', 0.3)}" opacity=".7"/>` +
    path(p, 'M8 78 L28 64 L44 76 L62 60 L92 80 V78 Q92 90 80 90 H20 Q8 90 8 78Z', '#e8eef8', 2) +
    dot(24, 22, 1.6, '#fff') +
    dot(70, 16, 1.4, '#fff') +
    dot(82, 44, 1.2, '#fff'),
  snowflake: (p) => {
    let arms = ''
    for (let i = 0; i < 6; i++)
      arms += `<g transform="rotate(${i * 60} 50 50)"><path d="M50 50 V10 M50 24 L40 16 M50 24 L60 16 M50 36 L42 30 M50 36 L58 30"/></g>`
    return (
      `<circle cx="50" cy="50" r="42" fill="${p.glow('#bfe6ff', 0.6)}"/>` +
      `<g fill="none" stroke="${p.ol}" stroke-width="9" stroke-linecap="round">${arms}</g>` +
      `<g fill="none" stroke="${lighten(p.tint('#8fd3ff', 0.3), 0.2)}" stroke-width="4.5" stroke-linecap="round">${arms}</g>`
    )
  },
  reindeer: (p) =>
    line(
      p,
      'M36 36 Q24 20 30 6 M30 22 L18 16 M28 14 L22 4 M64 36 Q76 20 70 6 M70 22 L82 16 M72 14 L78 4',
      9,
    ) +
    line(
      p,
      'M36 36 Q24 20 30 6 M30 22 L18 16 M28 14 L22 4 M64 36 Q76 20 70 6 M70 22 L82 16 M72 14 L78 4',
      4.5,
      p.tint('#c9a071'),
    ) +
    path(p, 'M30 40 Q50 28 70 40 Q72 60 62 80 Q50 94 38 80 Q28 60 30 40Z', '#9c6a3c') +
    path(p, 'M22 40 L32 44 L28 50Z', '#9c6a3c', 2) +
    path(p, 'M78 40 L68 44 L72 50Z', '#9c6a3c', 2) +
    circle(p, 50, 80, 8, '#e8202a') +
    dot(41, 54, 3.4, '#1b1b1b') +
    dot(59, 54, 3.4, '#1b1b1b'),
  moon: (p) =>
    `<circle cx="50" cy="50" r="44" fill="${p.glow('#fff4c2', 0.55)}"/>` +
    path(p, 'M62 10 A40 40 0 1 0 88 66 A32 32 0 1 1 62 10Z', '#f7e7a1') +
    dot(36, 46, 4, darken(p.tint('#f7e7a1'), 0.15)) +
    dot(44, 68, 3, darken(p.tint('#f7e7a1'), 0.15)),

  // Egypt
  ankh: (p) =>
    `<path d="M50 8 C30 8 28 36 46 48 H14 V60 H44 V92 H56 V60 H86 V48 H54 C72 36 70 8 50 8Z M50 18 C60 18 60 36 50 44 C40 36 40 18 50 18Z" fill="${p.fill(GOLD)}" fill-rule="evenodd" ${O(p)}/>` +
    shine('M46 62 H50 V88 H46Z', 0.4),
  scarab: (p) =>
    line(
      p,
      'M28 40 L10 30 M26 56 L8 58 M30 72 L14 86 M72 40 L90 30 M74 56 L92 58 M70 72 L86 86',
      4,
    ) +
    path(p, 'M38 14 Q50 4 62 14 Q62 26 50 28 Q38 26 38 14Z', '#1f7a6d') +
    path(p, 'M50 28 Q78 30 76 60 Q74 86 50 92 Q26 86 24 60 Q22 30 50 28Z', '#1f9e8a') +
    line(p, 'M50 30 V90', 3) +
    circle(p, 50, 20, 5, GOLD, 2) +
    shine('M32 44 Q36 34 46 34 Q38 40 36 52Z', 0.5),
  eye: (p) =>
    path(p, 'M8 46 Q50 6 92 46 Q50 76 8 46Z', '#f4efe0') +
    circle(p, 50, 44, 14, '#1d5fb8') +
    dot(50, 44, 6, '#111') +
    line(p, 'M6 40 Q50 -2 94 40', 6, p.tint('#1b2a5a', 0.2)) +
    line(p, 'M40 62 L34 90 M52 64 Q64 90 78 80 Q82 70 72 72', 6, p.tint('#1b2a5a', 0.2)) +
    shine('M44 38 Q48 34 52 36 Q48 38 46 42Z', 0.8),
  pyramid: (p) =>
    path(p, 'M50 12 L92 84 H8Z', '#e6b85c') +
    path(p, 'M50 12 L92 84 H58Z', '#b98534', 0) +
    line(p, 'M50 12 L58 84 M30 48 H70 M20 66 H80', 2, darken(p.tint('#b98534'), 0.3)) +
    `<circle cx="50" cy="12" r="5" fill="${lighten(p.accent, 0.5)}"/>` +
    line(p, 'M4 88 H96', 4),
  pharaoh: (p) =>
    path(p, 'M50 6 Q84 8 84 40 L92 88 H8 L16 40 Q16 8 50 6Z', '#2b5fb5') +
    line(p, 'M20 40 L12 86 M26 44 L20 86 M80 40 L88 86 M74 44 L80 86', 3, GOLD) +
    path(p, 'M32 30 H68 V62 Q66 80 50 82 Q34 80 32 62Z', '#c98a52') +
    path(p, 'M30 24 H70 V32 H30Z', GOLD) +
    path(p, 'M46 80 H54 L56 94 H44Z', '#2b5fb5', 2) +
    dot(42, 48, 3, '#111') +
    dot(58, 48, 3, '#111') +
    line(p, 'M44 64 Q50 68 56 64', 2.5),
  sphinx: (p) =>
    path(p, 'M6 86 V66 Q8 54 26 54 H60 L66 40 Q66 24 76 22 Q90 22 92 40 V86Z', '#d4a656') +
    path(p, 'M66 40 Q66 16 80 14 Q96 18 94 44 L92 56 Q86 46 82 40Z', '#2b5fb5') +
    line(p, 'M70 22 L66 50 M90 24 L94 52', 2.5, GOLD) +
    dot(78, 34, 2.4, '#111') +
    line(p, 'M6 86 H94 M16 86 V72 M30 86 V74', 3),
  book: (p) =>
    path(p, 'M14 18 Q14 10 22 10 H80 V80 H22 Q14 80 14 88Z', '#6b3b1f') +
    path(p, 'M14 88 Q14 80 22 80 H84 V92 H22 Q14 92 14 88Z', '#efe4c8') +
    rect(p, 28, 20, 44, 50, 4, GOLD) +
    path(p, 'M50 28 L62 45 L50 62 L38 45Z', '#1f9e8a', 2) +
    dot(50, 45, 4, '#111'),

  // Sea
  pearl: (p) =>
    path(p, 'M6 60 Q50 100 94 60 Q80 50 50 52 Q20 50 6 60Z', '#f2a9b8') +
    line(
      p,
      'M20 64 Q30 80 34 84 M50 60 V90 M80 64 Q70 80 66 84',
      2,
      darken(p.tint('#f2a9b8'), 0.3),
    ) +
    circle(p, 50, 40, 22, '#f3f1ff') +
    `<circle cx="50" cy="40" r="20" fill="${p.glow(p.accent, 0.35)}"/>` +
    shine('M38 32 Q42 24 50 24 Q42 28 40 36Z', 0.9),
  shell: (p) =>
    path(p, 'M50 90 L12 40 Q14 10 50 10 Q86 10 88 40Z', '#f5a37a') +
    line(
      p,
      'M50 88 L26 18 M50 88 L38 12 M50 88 V10 M50 88 L62 12 M50 88 L74 18',
      2.5,
      darken(p.tint('#f5a37a'), 0.35),
    ) +
    path(p, 'M38 86 H62 L58 94 H42Z', '#e08a5e', 2),
  anchor: (p) =>
    `<path d="M50 6 A9 9 0 1 1 49.9 6Z M46 23 H54 V34 H70 V42 H54 V80 Q70 78 78 64 L72 60 L90 54 L86 74 L82 68 Q72 90 50 92 Q28 90 18 68 L14 74 L10 54 L28 60 L22 64 Q30 78 46 80 V42 H30 V34 H46Z M50 11 A4 4 0 1 0 50.1 11Z" fill="${p.fill('#7f8ea3')}" fill-rule="evenodd" ${O(p)}/>`,
  fish: (p) =>
    path(p, 'M10 50 Q40 16 70 40 L92 24 Q86 50 92 76 L70 60 Q40 84 10 50Z', '#2cb5e8') +
    path(p, 'M40 32 Q50 20 60 34Z', '#1a8fc0', 2) +
    line(p, 'M52 38 Q46 50 52 62', 2.5, darken(p.tint('#2cb5e8'), 0.35)) +
    circle(p, 26, 46, 5, '#fff', 2) +
    dot(27, 46, 2.4, '#111'),
  octopus: (p) =>
    line(p, 'M30 58 Q14 72 20 90 M42 62 Q36 80 40 92 M58 62 Q64 80 60 92 M70 58 Q86 72 80 90', 11) +
    line(
      p,
      'M30 58 Q14 72 20 90 M42 62 Q36 80 40 92 M58 62 Q64 80 60 92 M70 58 Q86 72 80 90',
      6,
      p.tint('#e0527a'),
    ) +
    path(p, 'M20 52 Q18 10 50 8 Q82 10 80 52 Q66 66 50 66 Q34 66 20 52Z', '#e0527a') +
    circle(p, 38, 40, 7, '#fff', 2) +
    circle(p, 62, 40, 7, '#fff', 2) +
    dot(39, 41, 3.4, '#111') +
    dot(61, 41, 3.4, '#111') +
    shine('M30 22 Q40 12 52 14 Q40 18 34 28Z', 0.5),
  kraken: (p) =>
    path(
      p,
      'M20 94 Q10 50 40 30 Q62 16 80 30 Q92 44 80 56 Q70 62 62 54 Q58 44 66 42 Q60 36 50 44 Q36 60 46 94Z',
      '#6b3fa0',
    ) +
    [
      [34, 72],
      [30, 58],
      [38, 46],
      [52, 38],
      [68, 34],
    ]
      .map(([x, y]) => circle(p, x ?? 0, y ?? 0, 3.4, '#f0c8e8', 1.5))
      .join('') +
    line(p, 'M4 94 Q20 84 34 94 Q50 84 66 94 Q82 84 96 94', 4, p.tint('#2f7fb8')),
  ship: (p) =>
    line(p, 'M36 10 V66 M64 18 V66', 4) +
    path(p, 'M22 16 Q36 24 50 16 V54 Q36 48 22 54Z', '#f4eee0') +
    path(p, 'M52 24 Q64 30 78 24 V56 Q64 50 52 56Z', '#f4eee0') +
    path(p, 'M36 6 L48 10 L36 14Z', '#d62e3a', 2) +
    path(p, 'M8 64 H92 L80 86 H20Z', WOOD) +
    line(p, 'M16 72 H84', 2.5, GOLD) +
    line(p, 'M4 92 Q20 84 34 92 Q50 84 66 92 Q82 84 96 92', 3, p.tint('#2f7fb8')),
  compass: (p) =>
    circle(p, 50, 50, 42, GOLD) +
    circle(p, 50, 50, 33, '#f4efe0', 2) +
    path(p, 'M50 18 L58 50 L50 82 L42 50Z', '#d62e3a', 2) +
    path(p, 'M50 50 L58 50 L50 82 L42 50Z', '#2b3a55', 0) +
    path(p, 'M18 50 L50 44 L82 50 L50 56Z', '#8a93a3', 2) +
    circle(p, 50, 50, 4, GOLD, 2),
  chest: (p) =>
    path(p, 'M12 40 Q12 14 50 14 Q88 14 88 40Z', WOOD) +
    `<ellipse cx="50" cy="40" rx="34" ry="8" fill="${p.glow('#ffe066', 0.9)}"/>` +
    rect(p, 10, 40, 80, 46, 6, WOOD) +
    line(p, 'M10 52 H90', 3) +
    rect(p, 26, 14, 8, 72, 2, GOLD) +
    rect(p, 66, 14, 8, 72, 2, GOLD) +
    rect(p, 42, 46, 16, 18, 3, GOLD) +
    dot(50, 54, 2.5, '#111'),
  mermaid: (p) =>
    path(
      p,
      'M40 10 Q62 14 58 40 Q54 62 62 78 L84 70 Q82 86 70 92 Q58 96 46 86 L30 90 Q28 78 46 74 Q36 58 40 40 Q42 26 40 10Z',
      '#1fb89a',
    ) +
    line(
      p,
      'M46 34 Q52 38 56 34 M44 46 Q50 50 56 46 M44 58 Q50 62 56 58',
      2.4,
      lighten(p.tint('#1fb89a'), 0.4),
    ) +
    path(p, 'M40 10 Q24 8 22 24 Q22 40 34 46 Q30 30 40 26Z', '#e8603c') +
    circle(p, 72, 24, 6, '#f3f1ff', 2),
  lighthouse: (p) =>
    `<path d="M50 20 L6 6 V34Z M50 20 L94 6 V34Z" fill="${lighten(p.accent, 0.5)}" opacity=".45"/>` +
    path(p, 'M38 12 H62 L64 28 H36Z', '#e8e4d8') +
    circle(p, 50, 20, 5, '#ffe066', 2) +
    path(p, 'M34 28 H66 V34 H34Z', '#d62e3a') +
    path(p, 'M38 34 H62 L68 84 H32Z', '#f4f1ea') +
    `<path d="M37 46 H63 L64.4 58 H35.6Z M34.2 70 H65.8 L67 80 H33Z" fill="${p.tint('#d62e3a', 0.2)}"/>` +
    path(p, 'M26 84 H74 V92 H26Z', '#6f7a89'),
  wave: (p) =>
    path(
      p,
      'M6 88 Q10 40 46 22 Q76 10 90 30 Q70 24 58 36 Q52 46 62 54 Q72 58 76 50 Q86 66 70 74 Q58 80 50 88Z',
      '#1e7fd0',
    ) +
    path(p, 'M46 22 Q76 10 90 30 Q70 24 58 36 Q54 42 56 48 Q44 34 46 22Z', '#e8f6ff', 2) +
    line(p, 'M20 80 Q28 54 46 40', 3, lighten(p.tint('#1e7fd0'), 0.4)) +
    line(p, 'M4 92 H96', 4),

  // Asia
  lantern: (p) =>
    line(p, 'M50 4 V14', 3) +
    rect(p, 36, 12, 28, 8, 3, GOLD) +
    path(p, 'M36 20 Q8 50 36 80 H64 Q92 50 64 20Z', '#e02424') +
    line(
      p,
      'M50 20 V80 M42 21 Q30 50 42 79 M58 21 Q70 50 58 79',
      2,
      darken(p.tint('#e02424'), 0.35),
    ) +
    rect(p, 36, 78, 28, 8, 3, GOLD) +
    line(p, 'M46 86 V96 M50 86 V98 M54 86 V96', 2.5, p.tint(GOLD)) +
    `<ellipse cx="50" cy="50" rx="12" ry="20" fill="${p.glow('#ffe066', 0.7)}"/>`,
  coin: (p) =>
    `<circle cx="50" cy="50" r="46" fill="${p.glow('#ffe680', 0.6)}"/>` +
    circle(p, 50, 50, 40, GOLD, 4) +
    `<circle cx="50" cy="50" r="31" fill="none" stroke="${darken(p.tint(GOLD), 0.3)}" stroke-width="3"/>` +
    path(p, star(50, 50, 5, 22, 9), '#ffe680', 2.5) +
    shine('M22 40 Q28 20 48 14 Q32 24 28 44Z', 0.6),
  dragon: (p) =>
    path(p, 'M30 28 Q20 10 34 4 Q32 16 40 22Z', '#f6c445') +
    path(p, 'M46 22 Q44 6 58 2 Q54 14 56 22Z', '#f6c445') +
    path(
      p,
      'M14 60 Q10 30 40 22 Q70 18 84 40 L94 46 Q92 58 80 58 L66 60 L74 70 Q60 76 50 68 Q44 86 24 90 Q28 76 22 70 Q14 68 14 60Z',
      '#1fa35a',
    ) +
    path(p, 'M66 60 L80 58 Q88 62 84 70 L74 70Z', '#f4e3b8', 2) +
    circle(p, 54, 38, 6, '#ffe066', 2) +
    dot(55, 38, 2.4, '#111') +
    line(p, 'M84 50 Q92 70 80 84 M76 54 Q70 76 58 88', 2.5, p.tint(GOLD)) +
    line(p, 'M20 50 L14 44 M24 40 L18 32 M32 32 L30 22', 3, p.tint('#f6c445')),
  koi: (p) =>
    path(
      p,
      'M22 20 Q54 2 76 30 Q88 48 72 64 L90 84 Q74 90 62 76 Q34 86 20 64 Q8 42 22 20Z',
      '#f9f4ec',
    ) +
    path(p, 'M30 24 Q46 14 56 26 Q50 40 34 36Z', '#f26a1b', 0) +
    path(p, 'M46 50 Q62 46 66 60 Q54 70 42 62Z', '#f26a1b', 0) +
    path(p, 'M22 44 L6 52 L16 36Z', '#f9f4ec', 2) +
    dot(30, 30, 3, '#111') +
    line(p, 'M20 38 Q12 44 10 56', 2),
  fan: (p) =>
    path(p, 'M50 86 L8 46 A58 58 0 0 1 92 46Z', '#e8485c') +
    line(
      p,
      'M50 86 L8 46 M50 86 L20 30 M50 86 L36 20 M50 86 L50 16 M50 86 L64 20 M50 86 L80 30 M50 86 L92 46',
      2,
      darken(p.tint('#e8485c'), 0.35),
    ) +
    path(p, 'M8 46 A58 58 0 0 1 92 46 L82 50 A46 46 0 0 0 18 50Z', GOLD, 2) +
    circle(p, 50, 84, 6, GOLD, 2) +
    `<circle cx="50" cy="48" r="10" fill="${lighten(p.accent, 0.3)}" opacity=".8"/>`,
  katana: (p) =>
    path(p, 'M88 6 Q92 10 88 16 L40 62 L34 56 Z', '#dfe6ee') +
    line(p, 'M84 14 L40 58', 1.5, '#fff') +
    path(p, 'M26 52 L48 74 L42 80 L20 58Z', GOLD) +
    path(p, 'M34 68 L14 88 Q10 92 8 90 Q6 86 10 84 L30 64Z', '#2b2233') +
    line(p, 'M30 70 L24 76 M24 76 L18 82', 2.5, p.tint('#c8202f', 0.4)),
  samurai: (p) =>
    path(p, 'M30 34 Q16 18 14 4 Q30 14 44 28Z', GOLD) +
    path(p, 'M70 34 Q84 18 86 4 Q70 14 56 28Z', GOLD) +
    path(p, 'M14 58 Q14 26 50 24 Q86 26 86 58Z', '#2b2233') +
    path(p, 'M8 56 H92 L86 70 L70 64 L50 72 L30 64 L14 70Z', '#c8202f') +
    path(p, 'M30 66 H70 V80 Q50 96 30 80Z', '#3a3a44') +
    line(p, 'M36 74 H64', 2.5, p.tint(GOLD)) +
    circle(p, 50, 40, 6, GOLD, 2),
  lotus: (p) =>
    path(p, 'M50 78 Q20 60 26 20 Q46 34 50 78Z', '#f08ab4') +
    path(p, 'M50 78 Q80 60 74 20 Q54 34 50 78Z', '#f08ab4') +
    path(p, 'M50 78 Q8 74 4 46 Q30 44 50 78Z', '#e66b9e') +
    path(p, 'M50 78 Q92 74 96 46 Q70 44 50 78Z', '#e66b9e') +
    path(p, 'M50 78 Q34 48 50 10 Q66 48 50 78Z', '#fbb6d2') +
    path(p, 'M14 84 Q50 74 86 84 Q50 96 14 84Z', '#3f9e5a'),
  firework: (p) => {
    const rays: string[] = []
    for (let i = 0; i < 12; i++) {
      const a = (i * Math.PI) / 6
      const x1 = (50 + 14 * Math.cos(a)).toFixed(1)
      const y1 = (46 + 14 * Math.sin(a)).toFixed(1)
      const x2 = (50 + 38 * Math.cos(a)).toFixed(1)
      const y2 = (46 + 38 * Math.sin(a)).toFixed(1)
      rays.push(`M${x1} ${y1} L${x2} ${y2}`)
    }
    const d = rays.join(' ')
    return (
      `<circle cx="50" cy="46" r="44" fill="${p.glow(p.accent, 0.5)}"/>` +
      line(p, d, 8) +
      line(p, d, 4, p.tint('#ffd23f', 0.3)) +
      circle(p, 50, 46, 9, '#ff5fa2') +
      [0, 2, 4, 6, 8, 10]
        .map((i) => {
          const a = (i * Math.PI) / 6
          return dot(
            50 + 42 * Math.cos(a),
            46 + 42 * Math.sin(a),
            3.4,
            lighten(p.tint('#ff5fa2'), 0.3),
          )
        })
        .join('')
    )
  },

  // West
  'sheriff-star': (p) =>
    path(p, star(50, 50, 6, 44, 26), GOLD, 4) +
    [0, 1, 2, 3, 4, 5]
      .map((i) => {
        const a = ((-90 + i * 60) * Math.PI) / 180
        return circle(p, 50 + 44 * Math.cos(a), 50 + 44 * Math.sin(a), 5, GOLD, 2.5)
      })
      .join('') +
    circle(p, 50, 50, 16, '#d4a02a', 2.5) +
    path(p, star(50, 50, 5, 11, 4.5), '#fff1b8', 1.5),
  cactus: (p) =>
    path(p, 'M40 92 V20 Q40 8 50 8 Q60 8 60 20 V92Z', '#3ea04a') +
    path(p, 'M40 56 H26 Q16 56 16 44 V30 Q16 24 22 24 Q28 24 28 30 V44 H40Z', '#3ea04a') +
    path(p, 'M60 46 H72 V26 Q72 20 78 20 Q84 20 84 26 V46 Q84 58 72 58 H60Z', '#3ea04a') +
    line(p, 'M50 16 V88', 2, darken(p.tint('#3ea04a'), 0.3)) +
    path(p, 'M26 92 H74 L70 98 H30Z', '#c98a52', 2),
  revolver: (p) =>
    path(p, 'M20 30 H92 V44 H50 L44 50 H32 Z', '#7d8796') +
    circle(p, 44, 44, 10, '#6a7382') +
    path(p, 'M22 36 Q26 52 20 60 L10 88 Q18 94 30 90 L38 64 Q42 54 40 44Z', '#8a4e24') +
    line(p, 'M40 54 Q46 64 54 56', 3) +
    rect(p, 84, 24, 4, 8, 1, '#7d8796') +
    shine('M24 32 H88 V34 H24Z', 0.5),
  horseshoe: (p) =>
    `<path d="M22 88 L14 48 Q12 10 50 10 Q88 10 86 48 L78 88 H62 L68 50 Q70 28 50 28 Q30 28 32 50 L38 88Z" fill="${p.fill(SILVER)}" ${O(p)}/>` +
    [
      [22, 70],
      [20, 50],
      [26, 32],
      [78, 70],
      [80, 50],
      [74, 32],
    ]
      .map(([x, y]) => dot(x ?? 0, y ?? 0, 2.5, p.ol))
      .join('') +
    `<circle cx="50" cy="50" r="6" fill="${lighten(p.accent, 0.2)}" opacity=".8"/>`,
  bandit: (p) =>
    path(p, 'M28 40 Q30 84 50 88 Q70 84 72 40Z', '#e0a77a') +
    path(p, 'M26 58 H74 Q74 84 50 92 Q26 84 26 58Z', '#c8202f') +
    dot(40, 74, 2, '#fff') +
    dot(56, 80, 2, '#fff') +
    dot(62, 68, 2, '#fff') +
    path(p, 'M6 40 Q50 30 94 40 Q88 48 50 46 Q12 48 6 40Z', '#4b3323') +
    path(p, 'M28 40 Q30 12 50 12 Q70 12 72 40Z', '#4b3323') +
    path(p, 'M34 48 H66 V54 H34Z', '#1b1b1b', 2) +
    dot(42, 51, 2, '#fff') +
    dot(58, 51, 2, '#fff'),
  wanted: (p) =>
    path(p, 'M14 8 H86 L84 92 H16Z', '#ecd9a8') +
    rect(p, 28, 24, 44, 40, 3, '#d9c08a') +
    path(p, 'M36 64 Q36 50 50 48 Q64 50 64 64Z M50 46 A9 9 0 1 1 50.1 46Z', '#5b4632', 2) +
    path(p, 'M30 40 Q50 34 70 40 L64 30 H36Z', '#5b4632', 2) +
    line(p, 'M26 14 H74 M26 20 H74', 3, '#7a3b1f') +
    label(p, 50, 86, 18, '$', '#2e8a3e') +
    line(p, 'M26 74 H74', 2.4, '#7a3b1f'),
  nugget: (p) =>
    `<circle cx="50" cy="56" r="42" fill="${p.glow('#ffe680', 0.5)}"/>` +
    path(
      p,
      'M14 64 Q10 44 28 36 Q34 18 54 22 Q76 18 84 38 Q96 56 80 70 Q70 86 46 82 Q22 86 14 64Z',
      GOLD,
      4,
    ) +
    shine('M30 42 Q36 30 50 30 Q40 36 36 48Z', 0.7) +
    line(p, 'M54 40 Q62 52 58 64 M34 62 Q42 66 48 62', 2.4, darken(p.tint(GOLD), 0.3)),
  wagon: (p) =>
    path(p, 'M16 58 Q10 20 30 16 Q50 12 70 16 Q90 20 84 58Z', '#f1ead8') +
    line(p, 'M36 16 Q32 36 34 58 M64 16 Q68 36 66 58', 2.5, darken(p.tint('#c9b891'), 0.2)) +
    rect(p, 10, 56, 80, 14, 3, WOOD) +
    circle(p, 28, 76, 14, '#6b3b1f') +
    circle(p, 72, 76, 14, '#6b3b1f') +
    line(p, 'M28 64 V88 M16 76 H40 M72 64 V88 M60 76 H84', 2.5, p.tint('#d9b27a')),

  // Space
  planet: (p) =>
    circle(p, 50, 50, 28, '#e88b3c') +
    line(p, 'M26 42 Q50 48 74 40 M24 56 Q50 62 76 54', 4, darken(p.tint('#e88b3c'), 0.2)) +
    `<path d="M10 62 Q2 72 22 70 Q50 66 78 50 Q100 36 90 30 Q84 28 76 32" fill="none" stroke="${p.ol}" stroke-width="9" stroke-linecap="round"/>` +
    `<path d="M10 62 Q2 72 22 70 Q50 66 78 50 Q100 36 90 30 Q84 28 76 32" fill="none" stroke="${lighten(p.tint('#f4d58d', 0.3), 0.2)}" stroke-width="4" stroke-linecap="round"/>` +
    shine('M34 32 Q42 24 52 24 Q42 28 38 36Z', 0.6),
  rocket: (p) =>
    path(p, 'M36 70 L20 86 L22 62 L34 52Z', '#d62e3a') +
    path(p, 'M64 70 L80 86 L78 62 L66 52Z', '#d62e3a') +
    path(p, 'M40 80 Q50 98 60 80Z', '#ffb020', 2) +
    path(p, 'M50 4 Q72 24 66 78 H34 Q28 24 50 4Z', '#eef1f6') +
    circle(p, 50, 40, 9, '#3a9ad9') +
    path(p, 'M46 78 H54 V92 H46Z', '#d62e3a', 2) +
    shine('M40 26 Q44 14 50 10 Q44 22 42 40Z', 0.6),
  alien: (p) =>
    path(p, 'M50 8 Q88 8 86 44 Q82 76 50 92 Q18 76 14 44 Q12 8 50 8Z', '#59d36b') +
    path(p, 'M22 44 Q36 38 44 54 Q40 64 30 60 Q20 54 22 44Z', '#111827', 2) +
    path(p, 'M78 44 Q64 38 56 54 Q60 64 70 60 Q80 54 78 44Z', '#111827', 2) +
    dot(32, 48, 2.5, '#fff') +
    dot(68, 48, 2.5, '#fff') +
    line(p, 'M44 76 Q50 80 56 76', 2.5) +
    shine('M30 20 Q40 12 52 12 Q40 18 34 28Z', 0.5),
  asteroid: (p) =>
    path(
      p,
      'M18 40 Q20 16 46 14 Q64 8 80 24 Q94 42 86 64 Q76 90 48 88 Q20 88 12 66 Q8 52 18 40Z',
      '#8a7b6c',
    ) +
    circle(p, 40, 40, 8, '#6b5e52', 2) +
    circle(p, 64, 58, 11, '#6b5e52', 2) +
    circle(p, 34, 68, 5, '#6b5e52', 2) +
    shine('M26 34 Q32 22 44 20 Q34 28 30 40Z', 0.4),
  comet: (p) =>
    `<path d="M64 36 L6 86 Q20 60 50 28Z" fill="${p.glow(lighten(p.accent, 0.4), 0.9)}"/>` +
    line(p, 'M56 44 L14 82 M62 42 L30 80 M52 38 L10 64', 3, lighten(p.tint('#9fdcff', 0.3), 0.3)) +
    circle(p, 66, 34, 18, '#bfe6ff') +
    shine('M56 28 Q60 20 68 20 Q62 24 60 32Z', 0.8),
  ufo: (p) =>
    `<path d="M38 62 L24 96 H76 L62 62Z" fill="${lighten(p.accent, 0.5)}" opacity=".35"/>` +
    path(p, 'M30 44 Q30 18 50 18 Q70 18 70 44Z', '#a8e8ff') +
    ellipse(p, 50, 50, 44, 14, '#8d96a6') +
    [22, 36, 50, 64, 78]
      .map((x) => dot(x, 52, 3.4, lighten(p.tint('#ffd23f', 0.3), 0.1)))
      .join('') +
    shine('M38 26 Q44 20 52 20 Q44 24 42 34Z', 0.7),
  satellite: (p) =>
    `<g transform="rotate(-30 50 50)">` +
    rect(p, 4, 40, 30, 20, 2, '#2f5fb8') +
    rect(p, 66, 40, 30, 20, 2, '#2f5fb8') +
    line(p, 'M14 40 V60 M24 40 V60 M76 40 V60 M86 40 V60', 1.5, lighten(p.tint('#2f5fb8'), 0.4)) +
    line(p, 'M34 50 H66', 4) +
    rect(p, 38, 34, 24, 32, 4, '#d9dee6') +
    `</g>` +
    line(p, 'M54 24 L66 10', 3) +
    circle(p, 68, 8, 5, '#d62e3a', 2),
  astronaut: (p) =>
    path(p, 'M22 96 Q22 70 50 68 Q78 70 78 96Z', '#eef1f6') +
    circle(p, 50, 42, 32, '#eef1f6') +
    path(p, 'M28 42 Q28 24 50 24 Q72 24 72 42 Q72 60 50 60 Q28 60 28 42Z', '#1d2b4f') +
    `<path d="M34 36 Q38 28 50 28" fill="none" stroke="${lighten(p.accent, 0.4)}" stroke-width="4" stroke-linecap="round"/>` +
    rect(p, 40, 78, 20, 10, 2, '#d62e3a'),

  // Candy
  lollipop: (p) =>
    rect(p, 46, 56, 8, 40, 3, '#f4efe6') +
    circle(p, 50, 38, 30, '#ff4f9a') +
    line(
      p,
      'M50 38 m0 -4 a4 4 0 1 1 -4 4 a8 8 0 1 1 8 8 a12 12 0 1 1 -12 -12 a16 16 0 1 1 16 16 a20 20 0 1 1 -20 -20',
      3.4,
      '#fff',
    ) +
    shine('M28 26 Q34 14 46 12 Q34 20 32 30Z', 0.6),
  cupcake: (p) =>
    path(p, 'M22 56 H78 L70 92 H30Z', '#4aa3e8') +
    line(p, 'M36 58 L40 90 M50 58 V90 M64 58 L60 90', 2, darken(p.tint('#4aa3e8'), 0.3)) +
    path(p, 'M16 58 Q12 44 26 40 Q26 24 42 24 Q50 12 60 22 Q76 22 76 38 Q90 44 84 58Z', '#ffc2dc') +
    [
      [32, 46, '#ff5050'],
      [48, 36, '#4fd0ff'],
      [62, 48, '#ffd23f'],
      [70, 40, '#7be07b'],
    ]
      .map(([x, y, c]) => `<rect x="${x}" y="${y}" width="6" height="2.6" rx="1.3" fill="${c}"/>`)
      .join('') +
    circle(p, 54, 16, 7, '#e3182d', 2.5),
  candy: (p) =>
    path(p, 'M28 50 L6 32 L10 50 L6 68Z', '#ffd23f') +
    path(p, 'M72 50 L94 32 L90 50 L94 68Z', '#ffd23f') +
    circle(p, 50, 50, 24, '#ff5a5a') +
    line(p, 'M36 32 Q50 50 40 70 M54 27 Q66 46 58 73', 4, '#fff') +
    shine('M36 38 Q40 30 48 28 Q40 34 38 42Z', 0.6),
  donut: (p) =>
    `<path d="M50 12 A38 36 0 1 1 49.9 12Z M50 38 A12 11 0 1 0 50.1 38Z" fill="${p.fill('#d99a5b')}" fill-rule="evenodd" ${O(p)}/>` +
    `<path d="M50 18 Q80 16 84 46 Q86 60 74 62 Q66 58 60 64 Q50 54 62 50 Q62 38 50 38 Q38 38 38 50 Q30 60 22 56 Q12 52 16 42 Q22 18 50 18Z" fill="${p.fill('#ff79b0')}" stroke="${p.ol}" stroke-width="2"/>` +
    [
      [30, 30, '#4fd0ff', 30],
      [66, 26, '#ffd23f', -20],
      [74, 44, '#fff', 60],
      [40, 24, '#7be07b', -40],
      [24, 44, '#ffd23f', 10],
    ]
      .map(
        ([x, y, c, r]) =>
          `<rect x="${x}" y="${y}" width="7" height="2.6" rx="1.3" fill="${c}" transform="rotate(${r} ${x} ${y})"/>`,
      )
      .join(''),
  gummy: (p) =>
    circle(p, 32, 18, 9, '#3fcf6b') +
    circle(p, 68, 18, 9, '#3fcf6b') +
    path(
      p,
      'M30 36 Q30 14 50 14 Q70 14 70 36 Q86 40 82 54 Q76 60 72 56 Q80 72 70 80 Q76 92 62 94 Q54 94 50 86 Q46 94 38 94 Q24 92 30 80 Q20 72 28 56 Q24 60 18 54 Q14 40 30 36Z',
      '#3fcf6b',
    ) +
    `<path d="M30 36 Q30 14 50 14 Q70 14 70 36 Q50 44 30 36Z" fill="#fff" opacity=".0"/>` +
    dot(43, 30, 2.6, darken(p.tint('#3fcf6b'), 0.5)) +
    dot(57, 30, 2.6, darken(p.tint('#3fcf6b'), 0.5)) +
    shine('M36 52 Q40 44 48 44 Q40 48 40 58Z', 0.5),
  heart: (p) =>
    `<circle cx="50" cy="50" r="44" fill="${p.glow('#ff7eb3', 0.55)}"/>` +
    path(
      p,
      'M50 88 Q10 62 10 36 Q10 14 30 14 Q44 14 50 28 Q56 14 70 14 Q90 14 90 36 Q90 62 50 88Z',
      '#ff3d7f',
      4,
    ) +
    shine('M20 34 Q22 22 32 20 Q24 28 24 40Z', 0.6),

  // Nature
  tiger: (p) =>
    path(p, 'M20 14 L36 26 H64 L80 14 L84 42 Q86 74 50 90 Q14 74 16 42Z', '#f08a24') +
    path(p, 'M34 60 Q50 52 66 60 Q64 82 50 88 Q36 82 34 60Z', '#fff4e4') +
    line(
      p,
      'M50 28 V42 M42 28 L44 38 M58 28 L56 38 M18 46 L30 50 M18 58 L30 58 M82 46 L70 50 M82 58 L70 58',
      3.4,
    ) +
    path(p, 'M30 46 L42 48 L34 54Z', '#8ee04b', 2) +
    path(p, 'M70 46 L58 48 L66 54Z', '#8ee04b', 2) +
    path(p, 'M44 62 H56 L50 70Z', '#1c1c22', 2),
  parrot: (p) =>
    path(p, 'M30 94 Q14 50 36 22 Q54 4 72 20 Q80 30 74 44 Q60 56 60 94Z', '#e8202a') +
    path(p, 'M60 94 Q58 70 72 60 Q80 74 74 94Z', '#2a7be8') +
    path(p, 'M72 22 Q94 24 92 44 Q90 54 80 52 Q84 40 72 36Z', '#f6c445') +
    circle(p, 62, 30, 7, '#fff', 2) +
    dot(63, 30, 3, '#111') +
    path(p, 'M30 60 Q36 76 48 80 Q40 64 42 54Z', '#ffd23f', 2),
  monkey: (p) =>
    circle(p, 16, 48, 11, '#8a5a35') +
    circle(p, 84, 48, 11, '#8a5a35') +
    circle(p, 50, 46, 36, '#8a5a35') +
    path(p, 'M26 50 Q26 30 42 32 Q50 36 58 32 Q74 30 74 50 Q80 82 50 84 Q20 82 26 50Z', '#f2cfa2') +
    dot(40, 46, 4, '#1c1c22') +
    dot(60, 46, 4, '#1c1c22') +
    line(p, 'M46 60 L48 62 M54 60 L52 62 M40 70 Q50 78 60 70', 2.5),
  leaf: (p) =>
    path(p, 'M14 86 Q8 30 60 12 Q84 6 92 8 Q94 40 76 66 Q50 96 14 86Z', '#3ea04a') +
    line(
      p,
      'M16 86 Q44 54 88 12 M36 64 L30 42 M48 52 L46 30 M60 40 L62 22 M44 58 L66 58 M56 46 L76 44',
      2.5,
      darken(p.tint('#3ea04a'), 0.35),
    ),
  idol: (p) =>
    `<circle cx="50" cy="50" r="44" fill="${p.glow('#ffe680', 0.4)}"/>` +
    path(p, 'M26 18 Q26 6 50 6 Q74 6 74 18 V88 H26Z', '#d8a23a') +
    path(p, 'M30 30 H46 V44 H30Z M54 30 H70 V44 H54Z', '#5b3a12', 2) +
    dot(38, 37, 3, lighten(p.accent, 0.3)) +
    dot(62, 37, 3, lighten(p.accent, 0.3)) +
    path(p, 'M44 48 H56 L54 60 H46Z', '#b8821f', 2) +
    path(p, 'M34 66 H66 V78 H34Z', '#5b3a12', 2) +
    line(p, 'M40 66 V78 M48 66 V78 M56 66 V78', 2, '#f4e0a0') +
    line(p, 'M18 88 H82', 4),
  fox: (p) =>
    path(p, 'M12 10 L38 30 H62 L88 10 L84 46 Q76 76 50 90 Q24 76 16 46Z', '#f2702a') +
    path(p, 'M18 20 L30 30 L22 38Z M82 20 L70 30 L78 38Z', '#2b2233', 1.5) +
    path(p, 'M16 46 Q32 52 50 72 Q68 52 84 46 Q76 76 50 90 Q24 76 16 46Z', '#fff4e4') +
    path(p, 'M44 78 H56 L50 86Z', '#1c1c22', 2) +
    path(p, 'M30 44 Q36 40 42 46 Q36 50 30 44Z', '#1c1c22', 1.5) +
    path(p, 'M70 44 Q64 40 58 46 Q64 50 70 44Z', '#1c1c22', 1.5),
  clover: (p) =>
    line(p, 'M50 52 Q54 76 66 94', 5, darken(p.tint('#2fa84f'), 0.3)) +
    [0, 90, 180, 270]
      .map(
        (r) =>
          `<g transform="rotate(${r + 45} 50 50)">${path(p, 'M50 50 Q30 40 30 26 Q30 14 42 14 Q50 14 50 24 Q50 14 58 14 Q70 14 70 26 Q70 40 50 50Z', '#2fa84f')}</g>`,
      )
      .join('') +
    circle(p, 50, 50, 4, '#1e7a39', 1.5),
  'pot-of-gold': (p) =>
    [
      [30, 38],
      [44, 30],
      [58, 32],
      [70, 40],
      [50, 40],
      [38, 44],
      [62, 44],
    ]
      .map(([x, y]) => ellipse(p, x ?? 0, y ?? 0, 9, 6, GOLD, 2))
      .join('') +
    path(p, 'M14 48 H86 Q92 54 84 60 Q92 92 50 94 Q8 92 16 60 Q8 54 14 48Z', '#2a2a33') +
    rect(p, 10, 46, 80, 10, 5, '#3a3a46') +
    shine('M24 66 Q26 80 36 86 Q28 78 28 66Z', 0.3),
  rainbow: (p) =>
    ['#e8202a', '#ff8a1c', '#f7d02b', '#3ea04a', '#2a7be8', '#8e2de2']
      .map(
        (c, i) =>
          `<path d="M${10 + i * 5} 74 A${40 - i * 5} ${40 - i * 5} 0 0 1 ${90 - i * 5} 74" fill="none" stroke="${p.tint(c, 0.12)}" stroke-width="5.4"/>`,
      )
      .join('') +
    `<path d="M7.3 74 A42.7 42.7 0 0 1 92.7 74 M37.3 74 A12.7 12.7 0 0 1 62.7 74" fill="none" stroke="${p.ol}" stroke-width="2.5"/>` +
    path(p, 'M4 80 Q4 68 16 68 Q20 60 30 66 Q40 66 38 80Z', '#f4f6fb') +
    path(p, 'M62 80 Q60 66 72 66 Q80 60 86 68 Q96 68 96 80Z', '#f4f6fb'),
  chili: (p) =>
    path(p, 'M66 22 Q86 30 80 52 Q70 84 22 92 Q14 90 22 86 Q52 74 56 44 Q56 26 66 22Z', '#e3182d') +
    path(p, 'M60 26 Q62 14 72 16 Q76 24 70 28Z', '#3ea04a', 2.5) +
    line(p, 'M68 16 Q70 6 80 4', 4, p.tint('#3ea04a')) +
    shine('M64 32 Q72 36 70 48 Q66 40 62 38Z', 0.6),

  // Machines
  robot: (p) =>
    line(p, 'M50 18 V6', 3) +
    circle(p, 50, 6, 4, '#ff5050', 2) +
    rect(p, 18, 18, 64, 56, 12, '#9aa7b8') +
    rect(p, 10, 36, 8, 20, 3, '#6f7c8e') +
    rect(p, 82, 36, 8, 20, 3, '#6f7c8e') +
    rect(p, 26, 30, 48, 24, 8, '#1d2b4f') +
    dot(38, 42, 6, lighten(p.tint('#4fd0ff', 0.3), 0.1)) +
    dot(62, 42, 6, lighten(p.tint('#4fd0ff', 0.3), 0.1)) +
    path(p, 'M34 60 H66 V68 H34Z', '#f4f6fb', 2) +
    line(p, 'M42 60 V68 M50 60 V68 M58 60 V68', 2) +
    path(p, 'M30 74 H70 L66 92 H34Z', '#6f7c8e'),
  gear: (p) =>
    `<path d="${cog(50, 50, 10, 44, 34)} M50 36 A14 14 0 1 0 50.1 36Z" fill="${p.fill('#a7b2c2')}" fill-rule="evenodd" ${O(p)}/>` +
    `<circle cx="50" cy="50" r="24" fill="none" stroke="${darken(p.tint('#a7b2c2'), 0.3)}" stroke-width="3"/>`,
  bolt: (p) =>
    `<circle cx="50" cy="50" r="44" fill="${p.glow('#fff48a', 0.6)}"/>` +
    path(p, 'M58 4 L18 56 H46 L36 96 L84 38 H56 L70 4Z', '#ffd21f', 4) +
    shine('M54 10 L30 50 H36Z', 0.6),

  // Specials
  wild: (p) =>
    path(p, star(50, 50, 12, 48, 36), p.accent, 3) +
    circle(p, 50, 50, 32, '#8e2de2') +
    label(p, 50, 60, 26, 'WILD', '#ffe680'),
  scatter: (p) =>
    `<circle cx="50" cy="50" r="48" fill="${p.glow(lighten(p.accent, 0.3), 0.8)}"/>` +
    path(p, star(50, 50, 8, 46, 20, -67.5), '#ff4fd8', 3) +
    path(p, star(50, 50, 4, 30, 10), '#fff1a8', 3) +
    circle(p, 50, 50, 6, '#fff', 2),
  bonus: (p) =>
    `<circle cx="50" cy="52" r="46" fill="${p.glow('#ffe680', 0.6)}"/>` +
    rect(p, 16, 44, 68, 46, 4, '#2f9e5a') +
    rect(p, 10, 30, 80, 18, 4, '#34b866') +
    rect(p, 44, 30, 12, 60, 2, GOLD) +
    path(p, 'M50 30 Q30 6 22 18 Q18 30 50 30Z M50 30 Q70 6 78 18 Q82 30 50 30Z', GOLD) +
    path(p, star(50, 68, 5, 12, 5), '#fff1a8', 2),
}

/** Every art name the library draws. */
export const ART_NAMES: readonly string[] = Object.keys(ART)

/** Royal and special arts, which have their own localised names (strings `slot.symbol.<art>`). */
export const NAMED_ARTS: readonly string[] = [
  'ace',
  'king',
  'queen',
  'jack',
  'ten',
  'nine',
  'wild',
  'scatter',
  'bonus',
  'coin',
]

/**
 * The SVG of `art` (a drawing of its own with the title's palette); an unknown name draws a
 * neutral gem so a title never shows a hole.
 */
export function drawSymbol(art: string, palette: SymbolPalette): string {
  const paint = new Paint(palette)
  const draw = ART[art] ?? ART['gem-blue']
  const body = draw ? draw(paint) : ''
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" aria-hidden="true" focusable="false" class="sym sym-${art}"><defs>${paint.definitions()}</defs>${body}</svg>`
}

/**
 * The accessible name of a symbol: its own for the royals and the specials, otherwise the
 * localised "Symbol n" (n counting from 1 in the title's paytable).
 */
export function symbolName(
  art: string,
  t: (key: string, values?: Record<string, string | number>) => string,
  index?: number,
): string {
  if (NAMED_ARTS.includes(art)) return t(`slot.symbol.${art}`)
  return t('slot.symbol', { n: (index ?? 0) + 1 })
}
