import { createHash, randomInt } from 'node:crypto'
import type { Rng } from './types.ts'

/** Play: the operating system's random source, unbiased for every n. */
export const cryptoRng: Rng = { int: (n) => randomInt(n) }

/**
 * Simulations and tests: sfc32 seeded from SHA-256 of `seed`, so a run is repeatable and a
 * title's simulation does not depend on the others'. The bias of `floor(u × n)` is below
 * n / 2³², far under what a million rounds can see.
 */
export function seededRng(seed: string): Rng {
  const digest = createHash('sha256').update(seed).digest()
  let a = digest.readUInt32LE(0)
  let b = digest.readUInt32LE(4)
  let c = digest.readUInt32LE(8)
  let d = digest.readUInt32LE(12)
  const next = () => {
    const t = (((a + b) | 0) + d) | 0
    d = (d + 1) | 0
    a = b ^ (b >>> 9)
    b = (c + (c << 3)) | 0
    c = (c << 21) | (c >>> 11)
    c = (c + t) | 0
    return t >>> 0
  }
  for (let i = 0; i < 12; i++) next()
  return { int: (n) => Math.floor((next() / 4_294_967_296) * n) }
}

/** A fixed sequence, for tests that hand-compute a round: each call takes the next value. */
export function scriptedRng(values: readonly number[]): Rng {
  let index = 0
  return {
    int(n) {
      const value = values[index++]
      if (value === undefined) throw new Error(`scriptedRng: no value left (call ${index})`)
      if (value < 0 || value >= n) throw new Error(`scriptedRng: ${value} is outside [0, ${n})`)
      return value
    },
  }
}
