import { createHash, randomFillSync } from 'node:crypto'

const format = (bytes: Buffer) => {
  const hex = bytes.toString('hex')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`
}

// Random bytes are drawn 4 KiB at a time: one draw per id cost more than the rest of making it.
const RANDOM_POOL_BYTES = 4096
const randomPool = Buffer.alloc(RANDOM_POOL_BYTES)
let randomOffset = RANDOM_POOL_BYTES

function randomBytes16(): Buffer {
  if (randomOffset + 16 > RANDOM_POOL_BYTES) {
    randomFillSync(randomPool)
    randomOffset = 0
  }
  const bytes = Buffer.from(randomPool.subarray(randomOffset, randomOffset + 16))
  randomOffset += 16
  return bytes
}

/** RFC 9562 UUIDv7: milliseconds first, so ids sort by creation time (ledger rows, payments). */
export function uuidv7(nowMs = Date.now()): string {
  const bytes = randomBytes16()
  bytes.writeUIntBE(nowMs, 0, 6)
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x70
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80
  return format(bytes)
}

const ACCOUNT_NAMESPACE = Buffer.from('7c1e5a4e0b9d4c8f9a3e2b1d6f0a8c44', 'hex')

/**
 * RFC 9562 UUIDv5 of `name` in Aurum's namespace: the same name always gives the same id, so a
 * ledger account's id is known without a lookup.
 */
export function uuidv5(name: string): string {
  const digest = createHash('sha1').update(ACCOUNT_NAMESPACE).update(name).digest()
  const bytes = digest.subarray(0, 16)
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x50
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80
  return format(bytes)
}
