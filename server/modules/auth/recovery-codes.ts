import { createHash, randomInt } from 'node:crypto'
import { and, eq, isNull } from 'drizzle-orm'
import type { Db, Tx } from '#db/client.ts'
import { playerRecoveryCodes } from './auth.tables.ts'

/** How many one-time recovery codes a player gets when 2FA is switched on. */
export const RECOVERY_CODE_COUNT = 10

// Crockford's base32: no i, l, o or u, so a code copied by hand is hard to get wrong.
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz'
const CODE_LENGTH = 8
const CANONICAL = /^[0-9a-hjkmnp-tv-z]{8}$/

/** `xxxx-xxxx`, 40 random bits: enough with the attempt limit, and the password is needed too. */
function newRecoveryCode(): string {
  const chars = Array.from({ length: CODE_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)])
  return `${chars.slice(0, 4).join('')}-${chars.slice(4).join('')}`
}

/** The code as stored: lower case, no separators, and the look-alike letters read as digits. */
function canonical(input: string): string | undefined {
  const code = input.toLowerCase().replace(/[\s-]/g, '').replace(/o/g, '0').replace(/[il]/g, '1')
  return CANONICAL.test(code) ? code : undefined
}

/** True when the input has the form of a recovery code (it may still be wrong or spent). */
export const isRecoveryCodeShape = (input: string) => canonical(input) !== undefined

// Salted with the player's id, so one table of precomputed hashes does not fit every account.
const hashCode = (playerId: string, code: string) =>
  createHash('sha256').update(`${playerId}:${code}`).digest('hex')

/** Replaces the player's recovery codes with new ones; the plain codes are shown once, never kept. */
export async function replaceRecoveryCodes(tx: Db | Tx, playerId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode)
  await tx.delete(playerRecoveryCodes).where(eq(playerRecoveryCodes.playerId, playerId))
  await tx.insert(playerRecoveryCodes).values(
    codes.map((code) => ({
      playerId,
      codeHash: hashCode(playerId, canonical(code) ?? code),
    })),
  )
  return codes
}

/**
 * Spends one unused recovery code of the player; false when it is wrong or already spent. The
 * check and the spending are one statement, so two requests cannot both use the same code.
 */
export async function spendRecoveryCode(
  tx: Db | Tx,
  playerId: string,
  input: string,
): Promise<boolean> {
  const code = canonical(input)
  if (!code) return false
  const spent = await tx
    .update(playerRecoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(playerRecoveryCodes.playerId, playerId),
        eq(playerRecoveryCodes.codeHash, hashCode(playerId, code)),
        isNull(playerRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: playerRecoveryCodes.id })
  return spent.length > 0
}

export async function deleteRecoveryCodes(tx: Db | Tx, playerId: string): Promise<void> {
  await tx.delete(playerRecoveryCodes).where(eq(playerRecoveryCodes.playerId, playerId))
}
