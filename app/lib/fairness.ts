/**
 * The Originals' provably fair rule in the browser (docs/decisions/005-games.md),
 * the same as `server/modules/originals/engines/*.ts` but on WebCrypto: numbers are
 * HMAC-SHA256(serverSeed, `clientSeed:nonce:cursor`) read four bytes at a time, a number below n
 * is floor(u × n / 2^32). Demo play computes its outcomes here (never touching the ledger) and
 * the verify page recomputes real bets from their seeds. The rules themselves are shared with the
 * server (`originals-rules.ts`); `fairness.test.ts` checks every game against the server's
 * functions.
 */
import {
  DICE_OUTCOMES,
  ROULETTE_POCKETS,
  SLOT_REELS,
  SLOT_STRIP,
  layMines,
  slotResult,
  uniformInt,
} from '#common/originals-rules.ts'
import { lotteryWinners, weightedIndex } from '#common/rewards-rules.ts'

export * from '#common/originals-rules.ts'

export interface FairnessInput {
  serverSeed: string
  clientSeed: string
  nonce: number
}

const encoder = new TextEncoder()

async function hmacBlock(key: CryptoKey, message: string): Promise<DataView> {
  return new DataView(await crypto.subtle.sign('HMAC', key, encoder.encode(message)))
}

/** The first `count` uint32 values of a bet's stream. */
export async function uint32s(
  { serverSeed, clientSeed, nonce }: FairnessInput,
  count: number,
): Promise<number[]> {
  const key = await crypto.subtle.importKey(
    'raw',
    encoder.encode(serverSeed),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  )
  const values: number[] = []
  for (let cursor = 0; values.length < count; cursor++) {
    const block = await hmacBlock(key, `${clientSeed}:${String(nonce)}:${String(cursor)}`)
    for (let offset = 0; offset < 32 && values.length < count; offset += 4) {
      values.push(block.getUint32(offset))
    }
  }
  return values
}

export async function drawInts(input: FairnessInput, count: number, n: number) {
  return (await uint32s(input, count)).map((u32) => uniformInt(u32, n))
}

export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', encoder.encode(text))
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('')
}

/** A random seed in hex, as the server makes them (demo play and new client seeds). */
export function randomHex(bytes = 32): string {
  const buffer = new Uint8Array(bytes)
  crypto.getRandomValues(buffer)
  return [...buffer].map((b) => b.toString(16).padStart(2, '0')).join('')
}

// ---- Drawing each game's numbers ---------------------------------------------------------------

export async function diceRoll(input: FairnessInput): Promise<number> {
  const [roll] = await drawInts(input, 1, DICE_OUTCOMES)
  return roll ?? 0
}

export async function roulettePocket(input: FairnessInput): Promise<number> {
  const [pocket] = await drawInts(input, 1, ROULETTE_POCKETS)
  return pocket ?? 0
}

export async function minePositions(input: FairnessInput, mines: number): Promise<number[]> {
  return layMines(await uint32s(input, mines), mines)
}

export async function slotOutcome(input: FairnessInput, stakeMinor: bigint) {
  const stops = await drawInts(input, SLOT_REELS, SLOT_STRIP.length)
  return { stops, ...slotResult(stops, stakeMinor) }
}

// ---- Rewards' draws (wheel spins, lootbox openings, lottery draws) ----------------------------

/**
 * The entry a wheel spin or a lootbox opening picked: the first uint32 of the draw's stream,
 * by the published weights (`weightedIndex`, the server's rule).
 */
export async function rewardDrawIndex(
  input: FairnessInput,
  weights: readonly number[],
): Promise<number> {
  const [first = 0] = await uint32s(input, 1)
  return weightedIndex(first, weights)
}

/**
 * A lottery's winning ticket numbers, rank 1 first: the draw's stream is its seeds at nonce 0,
 * one uint32 per rank drawn (`lotteryWinners`, the server's rule).
 */
export async function lotteryWinningTickets(
  seeds: { serverSeed: string; clientSeed: string },
  ticketCount: number,
  prizes: number,
): Promise<number[]> {
  const values = await uint32s({ ...seeds, nonce: 0 }, Math.min(prizes, ticketCount))
  return lotteryWinners(values[Symbol.iterator](), ticketCount, prizes)
}

export type DrawVerdict = 'verified' | 'pending' | 'mismatch'

/**
 * A wheel spin or lootbox opening as the verify page judges it: pending while the server seed is
 * secret; verified when the seed hashes to the committed hash and its stream picks the recorded
 * entry. Answers the entry the browser computed too.
 */
export async function checkRewardDraw(draw: {
  server_seed: string | null
  server_seed_hash: string
  client_seed: string
  nonce: number
  weights: readonly number[]
  index: number
}): Promise<{ verdict: DrawVerdict; index: number | null }> {
  if (draw.server_seed === null) return { verdict: 'pending', index: null }
  const input = { serverSeed: draw.server_seed, clientSeed: draw.client_seed, nonce: draw.nonce }
  const [index, hash] = await Promise.all([
    rewardDrawIndex(input, draw.weights),
    sha256Hex(draw.server_seed),
  ])
  const isMatch = index === draw.index && hash === draw.server_seed_hash
  return { verdict: isMatch ? 'verified' : 'mismatch', index }
}

/**
 * A lottery's draw as the verify page judges it: pending until drawn (its seeds published);
 * verified when the seed hashes to the hash committed before sales closed and its stream gives
 * the published winning tickets, rank by rank. Answers the tickets the browser computed too.
 */
export async function checkLotteryDraw(lottery: {
  server_seed: string | null
  client_seed: string | null
  server_seed_hash: string
  ticket_count: number
  prizes: readonly unknown[]
  winners: readonly { rank: number; ticket_number: number }[]
}): Promise<{ verdict: DrawVerdict; tickets: number[] | null; published: number[] }> {
  const published = [...lottery.winners]
    .sort((a, b) => a.rank - b.rank)
    .map((winner) => winner.ticket_number)
  if (lottery.server_seed === null || lottery.client_seed === null) {
    return { verdict: 'pending', tickets: null, published }
  }
  const [tickets, hash] = await Promise.all([
    lotteryWinningTickets(
      { serverSeed: lottery.server_seed, clientSeed: lottery.client_seed },
      lottery.ticket_count,
      lottery.prizes.length,
    ),
    sha256Hex(lottery.server_seed),
  ])
  const isMatch = hash === lottery.server_seed_hash && tickets.join(',') === published.join(',')
  return { verdict: isMatch ? 'verified' : 'mismatch', tickets, published }
}
