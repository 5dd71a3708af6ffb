import type { Rng } from './types.ts'

// Playing cards for the studio's card games (blackjack, baccarat, video poker, Casino Hold'em,
// hi-lo): a card is a number 0–51, `rank × 4 + suit` with rank 0 = two … 12 = ace and suits
// ♠ ♥ ♦ ♣. The page sees cards as short codes (`As`, `Td`, `7h`) and names them through the
// studio strings (`cards.rank.A`, `cards.suit.s`).

export type Card = number

export const RANK_CHARS = '23456789TJQKA'
export const SUIT_CHARS = 'shdc'

/** 2…14 (ace high). */
export const rankOf = (card: Card) => (card >> 2) + 2
export const suitOf = (card: Card) => card & 3
export const cardOf = (rank: number, suit: number): Card => ((rank - 2) << 2) | suit

/** `As`, `Td`, `7h`: what the page receives. */
export const codeOf = (card: Card) =>
  `${RANK_CHARS[card >> 2] ?? '?'}${SUIT_CHARS[card & 3] ?? '?'}`

/** The card of a code (`As` → ace of spades); tests write hands this way. */
export function parseCard(code: string): Card {
  const rank = RANK_CHARS.indexOf(code[0] ?? '')
  const suit = SUIT_CHARS.indexOf(code[1] ?? '')
  if (rank < 0 || suit < 0 || code.length !== 2) throw new Error(`not a card: ${code}`)
  return (rank << 2) | suit
}

export const parseCards = (codes: string) => codes.split(/\s+/).filter(Boolean).map(parseCard)

/**
 * A shoe of `decks` decks shuffled lazily: only the places dealt so far are kept (the state
 * stays small). The shoe's places are numbered `card × decks + copy`; a draw picks a place
 * uniformly and picks again when that place was dealt already, so every card left is equally
 * likely. A fresh shoe every round (a continuous shuffler).
 */
export interface Shoe {
  decks: number
  /** Places dealt, in order. */
  dealt: number[]
}

export const newShoe = (decks: number): Shoe => ({ decks, dealt: [] })

export function draw(shoe: Shoe, rng: Rng): Card {
  const size = shoe.decks * 52
  if (shoe.dealt.length >= size) throw new Error('draw: the shoe is empty')
  for (;;) {
    const place = rng.int(size)
    if (!shoe.dealt.includes(place)) {
      shoe.dealt.push(place)
      return Math.floor(place / shoe.decks)
    }
  }
}

/**
 * Tests: the values a `scriptedRng` must give for a fresh shoe of `decks` decks to deal `cards`
 * in this order (each card's first place not dealt yet, so no draw picks again).
 */
export function shoeScript(decks: number, cards: readonly Card[]): number[] {
  const used = new Array<number>(52).fill(0)
  return cards.map((card) => {
    const copy = used[card] ?? 0
    if (copy >= decks) throw new Error(`shoeScript: no ${codeOf(card)} left`)
    used[card] = copy + 1
    return card * decks + copy
  })
}

// --- Poker hands -------------------------------------------------------------------------------

export const HAND_CATEGORIES = [
  'high-card',
  'pair',
  'two-pair',
  'three-of-a-kind',
  'straight',
  'flush',
  'full-house',
  'four-of-a-kind',
  'straight-flush',
  'royal-flush',
] as const
export type HandCategory = (typeof HAND_CATEGORIES)[number]

export interface HandRank {
  category: HandCategory
  /**
   * Comparable score: a higher score is a better hand (`category index << 20` and up to five
   * 4-bit ranks: the ranks that decide ties, most important first).
   */
  score: number
  /** The deciding ranks (2–14), most important first: `[8]` for a pair of eights… */
  ranks: number[]
}

const CATEGORY_INDEX: Record<HandCategory, number> = Object.fromEntries(
  HAND_CATEGORIES.map((category, index) => [category, index]),
) as Record<HandCategory, number>

/** The highest straight in a bit mask of ranks (bit r for rank r, ace also as bit 1), or 0. */
function straightTop(mask: number): number {
  const withLowAce = mask & (1 << 14) ? mask | 2 : mask
  for (let top = 14; top >= 5; top--) {
    const run = 0b11111 << (top - 4)
    if ((withLowAce & run) === run) return top
  }
  return 0
}

function ranked(category: HandCategory, ranks: number[]): HandRank {
  let score = (category === 'royal-flush' ? 8 : CATEGORY_INDEX[category]) << 20
  for (let i = 0; i < 5; i++) score |= (ranks[i] ?? 0) << (16 - 4 * i)
  return { category, score, ranks }
}

// Scratch space of `evaluate` (one call at a time: the studio's maths is synchronous).
const COUNTS = new Uint8Array(15)
const SUIT_MASKS = new Uint16Array(4)
const SUIT_COUNTS = new Uint8Array(4)

/** Up to `n` ranks present in `mask`, highest first, skipping `a` and `b`. */
function kickers(mask: number, n: number, a = 0, b = 0): number[] {
  const out: number[] = []
  for (let rank = 14; rank >= 2 && out.length < n; rank--) {
    if (mask & (1 << rank) && rank !== a && rank !== b) out.push(rank)
  }
  return out
}

/** The best five-card poker hand among 5 to 7 cards. */
export function evaluate(cards: readonly Card[]): HandRank {
  COUNTS.fill(0)
  SUIT_MASKS.fill(0)
  SUIT_COUNTS.fill(0)
  let mask = 0
  for (let i = 0; i < cards.length; i++) {
    const card = cards[i] ?? 0
    const rank = (card >> 2) + 2
    const suit = card & 3
    COUNTS[rank] = (COUNTS[rank] ?? 0) + 1
    SUIT_MASKS[suit] = (SUIT_MASKS[suit] ?? 0) | (1 << rank)
    SUIT_COUNTS[suit] = (SUIT_COUNTS[suit] ?? 0) + 1
    mask |= 1 << rank
  }
  let flushSuit = -1
  for (let suit = 0; suit < 4; suit++) if ((SUIT_COUNTS[suit] ?? 0) >= 5) flushSuit = suit
  if (flushSuit >= 0) {
    const top = straightTop(SUIT_MASKS[flushSuit] ?? 0)
    if (top === 14) return ranked('royal-flush', [14])
    if (top) return ranked('straight-flush', [top])
  }
  let quad = 0
  let trip = 0
  let secondTrip = 0
  let high = 0
  let low = 0
  for (let rank = 14; rank >= 2; rank--) {
    const count = COUNTS[rank] ?? 0
    if (count === 4) quad = rank
    else if (count === 3) {
      if (trip) secondTrip ||= rank
      else trip = rank
    } else if (count === 2) {
      if (!high) high = rank
      else if (!low) low = rank
    }
  }
  if (quad) return ranked('four-of-a-kind', [quad, ...kickers(mask, 1, quad)])
  if (trip && (secondTrip || high)) return ranked('full-house', [trip, Math.max(secondTrip, high)])
  if (flushSuit >= 0) return ranked('flush', kickers(SUIT_MASKS[flushSuit] ?? 0, 5))
  const top = straightTop(mask)
  if (top) return ranked('straight', [top])
  if (trip) return ranked('three-of-a-kind', [trip, ...kickers(mask, 2, trip)])
  if (high && low) return ranked('two-pair', [high, low, ...kickers(mask, 1, high, low)])
  if (high) return ranked('pair', [high, ...kickers(mask, 3, high)])
  return ranked('high-card', kickers(mask, 5))
}

/** Blackjack and baccarat values: the ace counts 1 here, pictures 10. */
export const pointsOf = (card: Card) => {
  const rank = rankOf(card)
  return rank === 14 ? 1 : Math.min(rank, 10)
}
