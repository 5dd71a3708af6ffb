import { createHash } from 'node:crypto'

const escapeXml = (text: string) =>
  text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0).toString()};`)

/** Splits a title into at most three lines of about 12 characters. */
export function titleLines(title: string): string[] {
  const lines: string[] = []
  for (const word of title.split(/\s+/)) {
    const last = lines.at(-1)
    if (last !== undefined && (last + ' ' + word).length <= 12)
      lines[lines.length - 1] = `${last} ${word}`
    else lines.push(word)
  }
  if (lines.length <= 3) return lines
  return [...lines.slice(0, 2), lines.slice(2).join(' ')]
}

const MOTIFS = ['circles', 'diamonds', 'rays', 'waves'] as const

/**
 * A game's tile art (4:3... 3:4 portrait, 300×400), drawn from its title alone: the same title
 * always gives the same picture, so the file can be cached for good. No external images.
 */
export function gameArtSvg(slug: string, title: string, kind: string): string {
  const digest = createHash('sha256').update(slug).digest()
  const byte = (i: number) => digest[i] ?? 0
  const hue = Math.round((byte(0) / 255) * 360)
  const hue2 = (hue + 30 + (byte(1) % 90)) % 360
  const motif = MOTIFS[byte(2) % MOTIFS.length] ?? 'circles'
  const shapes: string[] = []
  for (let i = 0; i < 7; i++) {
    const x = (byte(3 + i * 3) / 255) * 300
    const y = (byte(4 + i * 3) / 255) * 260
    const r = 18 + (byte(5 + i * 3) % 60)
    const opacity = (0.08 + (byte(i) % 12) / 100).toFixed(2)
    if (motif === 'circles') {
      shapes.push(
        `<circle cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" r="${r}" fill="#fff" fill-opacity="${opacity}"/>`,
      )
    } else if (motif === 'diamonds') {
      shapes.push(
        `<path d="M${x.toFixed(0)} ${(y - r).toFixed(0)}l${r} ${r}-${r} ${r}-${r}-${r}z" fill="#fff" fill-opacity="${opacity}"/>`,
      )
    } else if (motif === 'rays') {
      shapes.push(
        `<path d="M150 120L${x.toFixed(0)} 0h${(r / 2).toFixed(0)}z" fill="#fff" fill-opacity="${opacity}"/>`,
      )
    } else {
      shapes.push(
        `<path d="M0 ${y.toFixed(0)}q75 -${r} 150 0t150 0v12q-75 ${r} -150 0t-150 0z" fill="#fff" fill-opacity="${opacity}"/>`,
      )
    }
  }
  const lines = titleLines(title)
  const fontSize = lines.some((line) => line.length > 10) ? 30 : 36
  const firstY = 300 - ((lines.length - 1) * fontSize * 1.1) / 2
  const text = lines
    .map(
      (line, i) =>
        `<text x="150" y="${(firstY + i * fontSize * 1.1).toFixed(0)}" text-anchor="middle" font-family="system-ui, sans-serif" font-weight="800" font-size="${fontSize}" fill="#fff">${escapeXml(line)}</text>`,
    )
    .join('')
  const badge =
    kind === 'original'
      ? '<text x="150" y="378" text-anchor="middle" font-family="system-ui, sans-serif" font-weight="700" font-size="16" letter-spacing="3" fill="#f5c542">AURUM</text>'
      : // Live games get their badge from the page, which places it for the reading direction.
        ''
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 400" width="300" height="400"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue} 70% 42%)"/><stop offset="1" stop-color="hsl(${hue2} 75% 18%)"/></linearGradient><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0.45" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.55"/></linearGradient></defs><rect width="300" height="400" fill="url(#g)"/>${shapes.join('')}<rect width="300" height="400" fill="url(#s)"/>${text}${badge}</svg>`
}
