import type { Brand, StudioTitle } from './games/types.ts'
import { CARDS_TITLES } from './titles/cards.ts'
import { INSTANT_TITLES } from './titles/instant.ts'
import { SLOTS_TITLES } from './titles/slots.ts'

// The studio's integration sheet: every title it runs, by code, with its brand and the figures
// it states (RTP, hit frequency, volatility, maximum win). A casino lists these codes; the
// studio's pages and rounds read the same entries.

export const STUDIO_TITLES: readonly StudioTitle[] = [...SLOTS_TITLES, ...CARDS_TITLES, ...INSTANT_TITLES]

const byCode = new Map(STUDIO_TITLES.map((title) => [title.code, title]))

export const titleOf = (code: string): StudioTitle | undefined => byCode.get(code)

/** The codes each brand serves: what the studio gives a casino to list. */
export function codesByBrand(): Record<Brand, string[]> {
  const out: Record<Brand, string[]> = {
    'demo-studio': [],
    'northern-lights': [],
    'golden-reel': [],
    'red-fox': [],
    'blue-harbour': [],
  }
  for (const title of STUDIO_TITLES) out[title.brand].push(title.code)
  return out
}
