import { createHash, randomBytes } from 'node:crypto'
import { crashPointBp, liveFairnessInput, type LiveGame } from '#common/live-rules.ts'
import { rouletteSpin, uint32Stream } from '../originals/index.ts'

/**
 * The pre-committed hash chain of a live game. From a secret s, h(k) is SHA-256
 * applied k times to s (as hex text); the terminal hash h(length) is published before the first
 * round. Round n plays with h(length − n): so SHA-256 of round n's hash is round n − 1's hash,
 * and SHA-256 of round 1's is the terminal hash. Revealing a round's hash after it ends proves
 * it was fixed in advance, and reveals nothing of later rounds (SHA-256 does not run backwards).
 */

const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex')

/** SHA-256 applied `times` times to `text`. */
export function hashRepeated(text: string, times: number): string {
  let hash = text
  for (let step = 0; step < times; step++) hash = sha256Hex(hash)
  return hash
}

/** Checkpoints every this many links: reaching any round's hash costs at most this many hashes. */
const CHECKPOINT_EVERY = 1024

/**
 * Work between yields while a chain is walked, so the server keeps answering meanwhile: about
 * 1.6 ms at 0.8 µs a hash (20,000 stalled every call for 16 ms during the walk at each start).
 */
const HASHES_PER_SLICE = 2_000

export interface ChainRow {
  secretSeed: string
  length: number
  terminalHash: string
}

export interface RoundHashes {
  readonly length: number
  readonly terminalHash: string
  /** Round `number`'s hash (1 ≤ number ≤ length). */
  hashOf(number: number): string
  /** Every round's hash from round 1 on, in order, at one SHA-256 step each (the simulation). */
  inOrder(): Generator<string>
}

/**
 * Walks the chain once from its secret and keeps every 1024th hash, so any round's hash costs at
 * most 1024 SHA-256 steps afterwards. The walk yields to the event loop now and then: a chain of
 * a million links takes about a second, which must not stall requests.
 */
async function walkChain(secretSeed: string, length: number) {
  const checkpoints: string[] = []
  let hash = secretSeed
  for (let index = 0; index <= length; index++) {
    if (index % CHECKPOINT_EVERY === 0) checkpoints.push(hash)
    if (index === length) break
    hash = sha256Hex(hash)
    if (index % HASHES_PER_SLICE === HASHES_PER_SLICE - 1) {
      await new Promise((resolve) => setImmediate(resolve))
    }
  }
  const hashes: RoundHashes = {
    length,
    terminalHash: hash,
    hashOf(number) {
      if (!Number.isInteger(number) || number < 1 || number > length) {
        throw new Error(`round ${String(number)} is outside the chain`)
      }
      const index = length - number
      const checkpoint = Math.floor(index / CHECKPOINT_EVERY)
      return hashRepeated(checkpoints[checkpoint] ?? '', index - checkpoint * CHECKPOINT_EVERY)
    },
    *inOrder() {
      // Segment by segment from the end of the chain: each segment's hashes, served backwards.
      for (let checkpoint = checkpoints.length - 1; checkpoint >= 0; checkpoint--) {
        const first = checkpoint * CHECKPOINT_EVERY
        const last = Math.min(first + CHECKPOINT_EVERY - 1, length - 1)
        if (first > last) continue
        const segment = [checkpoints[checkpoint] ?? '']
        for (let index = first + 1; index <= last; index++) {
          segment.push(sha256Hex(segment[segment.length - 1] ?? ''))
        }
        for (let index = segment.length - 1; index >= 0; index--) yield segment[index] ?? ''
      }
    },
  }
  return hashes
}

/** A new chain: its secret stays on the server; the terminal hash is published. */
export async function newChain(length: number): Promise<{ row: ChainRow; hashes: RoundHashes }> {
  const secretSeed = randomBytes(32).toString('hex')
  const hashes = await walkChain(secretSeed, length)
  return { row: { secretSeed, length, terminalHash: hashes.terminalHash }, hashes }
}

/** The chain from a given secret (the RTP simulation and the published example use fixed ones). */
export const chainFrom = (secretSeed: string, length: number): Promise<RoundHashes> =>
  walkChain(secretSeed, length)

/** A stored chain, checked against its published terminal hash. */
export async function loadChain(row: ChainRow): Promise<RoundHashes> {
  const hashes = await walkChain(row.secretSeed, row.length)
  if (hashes.terminalHash !== row.terminalHash) {
    throw new Error('the hash chain does not end in its published terminal hash')
  }
  return hashes
}

/** The result a round's hash decides: Crash's crash point, Live Roulette's pocket. */
export type LiveResult = { crash_bp: number } | { pocket: number }

export function crashResultOf(number: number, roundHash: string): number {
  const first = uint32Stream(liveFairnessInput('crash', number, roundHash)).next().value as number
  return crashPointBp(first)
}

export function roulettePocketOf(number: number, roundHash: string): number {
  return rouletteSpin(liveFairnessInput('live_roulette', number, roundHash))
}

export function liveResultOf(game: LiveGame, number: number, roundHash: string): LiveResult {
  return game === 'crash'
    ? { crash_bp: crashResultOf(number, roundHash) }
    : { pocket: roulettePocketOf(number, roundHash) }
}

/** True when `roundHash` is round `number` of the chain ending in `terminalHash`. */
export const isInChain = (roundHash: string, number: number, terminalHash: string): boolean =>
  hashRepeated(roundHash, number) === terminalHash
