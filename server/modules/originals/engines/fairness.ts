import { createHash, createHmac, randomBytes } from 'node:crypto'
import { uniformInt } from '#common/originals-rules.ts'

/**
 * Provably fair randomness. Before play the player sees sha256(serverSeed); every
 * bet is HMAC-SHA256(serverSeed, `${clientSeed}:${nonce}:${cursor}`), read four bytes at a time
 * as unsigned integers; cursor 0, 1, 2… gives more bytes when a game needs more than eight
 * numbers. Rotating the seed reveals it, and anyone can recompute every bet made with it.
 */
export interface FairnessInput {
  serverSeed: string
  clientSeed: string
  nonce: number
}

export const newServerSeed = (): string => randomBytes(32).toString('hex')

export const hashServerSeed = (serverSeed: string): string =>
  createHash('sha256').update(serverSeed).digest('hex')

/** An endless stream of uint32 values for one bet. */
export function* uint32Stream({ serverSeed, clientSeed, nonce }: FairnessInput): Generator<number> {
  for (let cursor = 0; ; cursor++) {
    const block = createHmac('sha256', serverSeed)
      .update(`${clientSeed}:${nonce}:${cursor}`)
      .digest()
    for (let offset = 0; offset < block.length; offset += 4) yield block.readUInt32BE(offset)
  }
}

export { uniformInt }

/** `count` uniform integers below `n`, drawn in order from the bet's stream. */
export function drawInts(input: FairnessInput, count: number, n: number): number[] {
  const stream = uint32Stream(input)
  const values: number[] = []
  for (let index = 0; index < count; index++)
    values.push(uniformInt(stream.next().value as number, n))
  return values
}
