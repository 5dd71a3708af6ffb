import { createHash, createHmac, randomBytes, randomInt } from 'node:crypto'
import { and, eq, gt, isNotNull, isNull, lt, sql } from 'drizzle-orm'
import type { Db, Tx } from '#db/client.ts'
import { oneTimeTokens, type OneTimeTokenPurpose } from './verification.tables.ts'

/** How long a link stays good: a reset link an hour, a verification link a day. */
export const LINK_TOKEN_TTL_MS = {
  password_reset: 60 * 60_000,
  email_verification: 24 * 60 * 60_000,
} as const satisfies Partial<Record<OneTimeTokenPurpose, number>>
export type LinkTokenPurpose = keyof typeof LINK_TOKEN_TTL_MS

/** A phone code is good for ten minutes and five wrong tries, whichever ends first. */
export const PHONE_CODE_TTL_MS = 10 * 60_000
export const PHONE_CODE_MAX_ATTEMPTS = 5

/** The stored form of a link token: a link token has 256 random bits, so plain SHA-256 suffices. */
export const hashLinkToken = (token: string) =>
  createHash('sha256').update(token).digest('base64url')

/** A new link token (32 random bytes, base64url) and the hash that is stored in its place. */
export function newLinkToken(): { token: string; secretHash: string } {
  const token = randomBytes(32).toString('base64url')
  return { token, secretHash: hashLinkToken(token) }
}

export async function insertLinkToken(
  db: Db | Tx,
  input: { playerId: string; purpose: LinkTokenPurpose; secretHash: string; target: string },
  now = new Date(),
): Promise<void> {
  await db.insert(oneTimeTokens).values({
    playerId: input.playerId,
    purpose: input.purpose,
    secretHash: input.secretHash,
    target: input.target,
    expiresAt: new Date(now.getTime() + LINK_TOKEN_TTL_MS[input.purpose]),
  })
}

const live = (now: Date) => and(isNull(oneTimeTokens.usedAt), gt(oneTimeTokens.expiresAt, now))

/** The token of this purpose whose secret is `token` (its hash, as stored). */
const isLinkToken = (purpose: LinkTokenPurpose, token: string) =>
  and(eq(oneTimeTokens.secretHash, hashLinkToken(token)), eq(oneTimeTokens.purpose, purpose))

const TOKEN_OWNER = { playerId: oneTimeTokens.playerId, target: oneTimeTokens.target }

/** The live token of a link without spending it (to check a new password before the token goes). */
export async function findLiveLinkToken(
  db: Db | Tx,
  purpose: LinkTokenPurpose,
  token: string,
  now = new Date(),
): Promise<{ playerId: string; target: string } | undefined> {
  const [row] = await db
    .select(TOKEN_OWNER)
    .from(oneTimeTokens)
    .where(and(isLinkToken(purpose, token), live(now)))
    .limit(1)
  return row
}

/**
 * Spends a link token: one conditional UPDATE checks and marks it, so two requests racing with
 * one token cannot both succeed. Undefined for an unknown, expired, used or other-purpose token.
 */
export async function spendLinkToken(
  db: Db | Tx,
  purpose: LinkTokenPurpose,
  token: string,
  now = new Date(),
): Promise<{ playerId: string; target: string } | undefined> {
  const [row] = await db
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(and(isLinkToken(purpose, token), live(now)))
    .returning(TOKEN_OWNER)
  return row
}

/** A link token that was already spent (it may have expired since). */
export async function findSpentLinkToken(
  db: Db | Tx,
  purpose: LinkTokenPurpose,
  token: string,
): Promise<{ playerId: string; target: string } | undefined> {
  const [row] = await db
    .select(TOKEN_OWNER)
    .from(oneTimeTokens)
    .where(and(isLinkToken(purpose, token), isNotNull(oneTimeTokens.usedAt)))
    .limit(1)
  return row
}

/** Marks every live token of one purpose of a player used (after a reset, the other links die). */
export async function retireTokens(
  db: Db | Tx,
  playerId: string,
  purpose: OneTimeTokenPurpose,
  now = new Date(),
): Promise<void> {
  await db
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(oneTimeTokens.playerId, playerId),
        eq(oneTimeTokens.purpose, purpose),
        isNull(oneTimeTokens.usedAt),
      ),
    )
}

/** A six-digit code, every value equally likely. */
export const newPhoneCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0')

/**
 * The stored form of a phone code. Six digits are too few for a plain hash (a million guesses
 * undo it), so it is an HMAC under the server's secret, bound to the player and the number.
 */
export const hashPhoneCode = (secret: string, playerId: string, phone: string, code: string) =>
  createHmac('sha256', secret).update(`phone-code:${playerId}:${phone}:${code}`).digest('base64url')

/** Replaces the player's phone code: only the newest one sent can be used. */
export async function replacePhoneCode(
  db: Db | Tx,
  input: { playerId: string; phone: string; secretHash: string },
  now = new Date(),
): Promise<void> {
  // Every earlier code goes, used ones too: the same code drawn again must not collide with it.
  await db
    .delete(oneTimeTokens)
    .where(
      and(
        eq(oneTimeTokens.playerId, input.playerId),
        eq(oneTimeTokens.purpose, 'phone_verification'),
      ),
    )
  await db.insert(oneTimeTokens).values({
    playerId: input.playerId,
    purpose: 'phone_verification',
    secretHash: input.secretHash,
    target: input.phone,
    expiresAt: new Date(now.getTime() + PHONE_CODE_TTL_MS),
  })
}

export async function deletePhoneCodes(db: Db | Tx, playerId: string): Promise<void> {
  await db
    .delete(oneTimeTokens)
    .where(
      and(eq(oneTimeTokens.playerId, playerId), eq(oneTimeTokens.purpose, 'phone_verification')),
    )
}

/**
 * `wrong`: an attempt was counted and the code still lives. `dead`: no live code (expired, used,
 * sent to another number, never sent) or this wrong try was its last.
 */
export type PhoneCodeResult = 'accepted' | 'wrong' | 'dead'

/**
 * Checks a phone code against the player's live one. A right code is spent in the same statement
 * that checks it; a wrong one counts an attempt in one statement too, so parallel guesses cannot
 * get past the fifth.
 */
export async function spendPhoneCode(
  db: Db | Tx,
  input: { playerId: string; phone: string; secretHash: string },
  now = new Date(),
): Promise<PhoneCodeResult> {
  const usable = and(
    eq(oneTimeTokens.playerId, input.playerId),
    eq(oneTimeTokens.purpose, 'phone_verification'),
    eq(oneTimeTokens.target, input.phone),
    live(now),
    lt(oneTimeTokens.attempts, PHONE_CODE_MAX_ATTEMPTS),
  )
  const accepted = await db
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(and(usable, eq(oneTimeTokens.secretHash, input.secretHash)))
    .returning({ id: oneTimeTokens.id })
  if (accepted.length > 0) return 'accepted'
  const counted = await db
    .update(oneTimeTokens)
    .set({ attempts: sql`${oneTimeTokens.attempts} + 1` })
    .where(usable)
    .returning({ attempts: oneTimeTokens.attempts })
  const attempts = counted[0]?.attempts
  return attempts !== undefined && attempts < PHONE_CODE_MAX_ATTEMPTS ? 'wrong' : 'dead'
}
