// Card faces and backs drawn as SVG strings (no image files). A face: corner indexes top-left
// and bottom-right, a large centre pip or the picture's letter in a frame; red for hearts and
// diamonds. A back: the title's accent in a lattice. 100 × 140 view box, scaled by CSS.

const SUIT_GLYPHS: Record<string, string> = { s: '♠', h: '♥', d: '♦', c: '♣' }
const RANK_LABELS: Record<string, string> = { T: '10' }

/** Escapes a value for an SVG attribute or text (the accent comes from the title's sheet). */
const esc = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`)

export const isRed = (code: string) => code[1] === 'h' || code[1] === 'd'

/** The SVG of a card's face, from its code (`As`, `Td`). */
export function cardFace(code: string): string {
  const rank = code[0] ?? '?'
  const suit = SUIT_GLYPHS[code[1] ?? ''] ?? '?'
  const label = RANK_LABELS[rank] ?? rank
  const ink = isRed(code) ? '#c8102e' : '#15151c'
  const picture = rank === 'J' || rank === 'Q' || rank === 'K'
  const centre = picture
    ? `<rect x="24" y="34" width="52" height="72" rx="6" fill="none" stroke="${ink}" stroke-width="2" opacity="0.55"/>` +
      `<text x="50" y="80" font-size="40" font-weight="700" text-anchor="middle" fill="${ink}" font-family="Georgia, serif">${label}</text>` +
      `<text x="50" y="100" font-size="16" text-anchor="middle" fill="${ink}">${suit}</text>`
    : `<text x="50" y="${rank === 'A' ? 90 : 86}" font-size="${rank === 'A' ? 58 : 44}" text-anchor="middle" fill="${ink}">${suit}</text>`
  return (
    `<svg viewBox="0 0 100 140" xmlns="http://www.w3.org/2000/svg" direction="ltr" aria-hidden="true" focusable="false">` +
    `<rect x="1.5" y="1.5" width="97" height="137" rx="9" fill="#fdfbf5" stroke="#b9b3a5" stroke-width="2"/>` +
    `<text x="9" y="26" font-size="22" font-weight="700" fill="${ink}" font-family="Arial, sans-serif">${label}</text>` +
    `<text x="10" y="45" font-size="18" fill="${ink}">${suit}</text>` +
    `<g transform="rotate(180 50 70)"><text x="9" y="26" font-size="22" font-weight="700" fill="${ink}" font-family="Arial, sans-serif">${label}</text>` +
    `<text x="10" y="45" font-size="18" fill="${ink}">${suit}</text></g>` +
    centre +
    `</svg>`
  )
}

/** The SVG of a card's back in the title's accent. */
export function cardBack(accent: string): string {
  const colour = /^#[0-9a-fA-F]{3,8}$/.test(accent) ? accent : '#3a6ea5'
  const lines: string[] = []
  for (let i = -140; i <= 100; i += 14) {
    lines.push(
      `<line x1="${i}" y1="0" x2="${i + 140}" y2="140"/>`,
      `<line x1="${i + 140}" y1="0" x2="${i}" y2="140"/>`,
    )
  }
  return (
    `<svg viewBox="0 0 100 140" xmlns="http://www.w3.org/2000/svg" direction="ltr" aria-hidden="true" focusable="false">` +
    `<defs><clipPath id="cc-back-clip"><rect x="8" y="8" width="84" height="124" rx="5"/></clipPath></defs>` +
    `<rect x="1.5" y="1.5" width="97" height="137" rx="9" fill="#fdfbf5" stroke="#b9b3a5" stroke-width="2"/>` +
    `<rect x="8" y="8" width="84" height="124" rx="5" fill="${esc(colour)}"/>` +
    `<g clip-path="url(#cc-back-clip)" stroke="#ffffff" stroke-opacity="0.35" stroke-width="2">${lines.join('')}</g>` +
    `<circle cx="50" cy="70" r="16" fill="none" stroke="#ffffff" stroke-opacity="0.7" stroke-width="3"/>` +
    `</svg>`
  )
}
