import type { FastifyRequest } from 'fastify'
import { and, eq } from 'drizzle-orm'
import type { Db } from '#db/client.ts'
import { AppError } from '#server/lib/errors.ts'
import { recordAudit } from '#server/modules/audit/index.ts'
import { type MessagingDeps, sendMessage } from '#server/modules/messaging/index.ts'
import { players } from '#server/modules/players/players.tables.ts'
import {
  deletePhoneCodes,
  hashPhoneCode,
  newPhoneCode,
  PHONE_CODE_TTL_MS,
  replacePhoneCode,
  spendPhoneCode,
} from './one-time-tokens.ts'
import { findPlayerContact, type PlayerContact } from './verification.repo.ts'

type AuditRequest = Pick<FastifyRequest, 'ip' | 'headers'>

/** The player's unverified phone number; refuses when there is none or it is already verified. */
async function unverifiedPhone(db: Db, playerId: string): Promise<PlayerContact> {
  const player = await findPlayerContact(db, playerId)
  if (!player) throw new AppError('auth.sign_in_required')
  if (!player.phone) throw new AppError('verification.phone_missing')
  if (player.phoneVerifiedAt) throw new AppError('verification.phone_already_verified')
  return player
}

/** Refuses, before anything is counted or sent, when there is no phone code to send. */
export async function assertPhoneCodeSendable(db: Db, playerId: string): Promise<void> {
  await unverifiedPhone(db, playerId)
}

/**
 * Texts the player a new six-digit code (valid ten minutes, five tries) for the phone number on
 * their profile; the code sent before it stops working. `secret` keys the stored code's HMAC.
 */
export async function sendPhoneCode(
  deps: MessagingDeps,
  playerId: string,
  secret: string,
): Promise<void> {
  const player = await unverifiedPhone(deps.db, playerId)
  const code = newPhoneCode()
  await replacePhoneCode(deps.db, {
    playerId,
    phone: player.phone,
    secretHash: hashPhoneCode(secret, playerId, player.phone, code),
  })
  await sendMessage(deps, {
    channel: 'sms',
    recipient: player.phone,
    template: 'phone_verification',
    locale: player.locale,
    params: { code, minutes: PHONE_CODE_TTL_MS / 60_000 },
  })
}

/**
 * Confirms the player's phone number with the code texted to it. A wrong code counts a try and
 * answers `verification.code_invalid`; after the fifth, or once it expired, the code is dead
 * (`verification.code_expired`) and the player asks for a new one.
 */
export async function confirmPhone(
  db: Db,
  request: AuditRequest,
  input: { playerId: string; code: string; secret: string },
): Promise<void> {
  const player = await unverifiedPhone(db, input.playerId)
  const now = new Date()
  const secretHash = hashPhoneCode(input.secret, player.id, player.phone, input.code)
  const result = await db.transaction(async (tx) => {
    const outcome = await spendPhoneCode(
      tx,
      { playerId: player.id, phone: player.phone, secretHash },
      now,
    )
    if (outcome !== 'accepted') return outcome
    // Only while the profile still holds the number the code went to (it may change meanwhile).
    const [updated] = await tx
      .update(players)
      .set({ phoneVerifiedAt: now, updatedAt: now })
      .where(and(eq(players.id, player.id), eq(players.phone, player.phone)))
      .returning({ id: players.id })
    if (!updated) return 'dead'
    await recordAudit(tx, request, {
      actorType: 'player',
      actorId: player.id,
      playerId: player.id,
      action: 'phone.verified',
      details: { phone: player.phone },
    })
    return outcome
  })
  if (result === 'wrong') throw new AppError('verification.code_invalid')
  if (result === 'dead') throw new AppError('verification.code_expired')
}

/** Removes the phone number from the player's profile, with its verification and pending code. */
export async function deletePhone(db: Db, request: AuditRequest, playerId: string): Promise<void> {
  const now = new Date()
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ phone: players.phone })
      .from(players)
      .where(eq(players.id, playerId))
      .for('update')
    if (!before?.phone) return
    await tx
      .update(players)
      .set({ phone: '', phoneVerifiedAt: null, updatedAt: now })
      .where(eq(players.id, playerId))
    await deletePhoneCodes(tx, playerId)
    await recordAudit(tx, request, {
      actorType: 'player',
      actorId: playerId,
      playerId,
      action: 'phone.deleted',
      details: { phone: before.phone },
    })
  })
}
