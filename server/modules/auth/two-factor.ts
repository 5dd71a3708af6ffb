import { and, eq, isNull, lt, or } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import QRCode from 'qrcode'
import type { Db, Tx } from '#db/client.ts'
import { AppError } from '#server/lib/errors.ts'
import type { SecretBox } from '#server/lib/secret-box.ts'
import { recordAudit } from '#server/modules/audit/index.ts'
import { verifyPassword } from '#server/modules/players/index.ts'
import { players } from '#server/modules/players/players.tables.ts'
import { deleteRecoveryCodes, replaceRecoveryCodes, spendRecoveryCode } from './recovery-codes.ts'
import { newTotpSecret, otpauthUrl, verifyTotp } from './totp.ts'

/** What the two-factor calls read of an account. */
export interface TwoFactorState {
  id: string
  email: string
  passwordHash: string
  totpSecretSealed: string | null
  totpEnabledAt: Date | null
  totpLastStep: number | null
}

export type SecondFactorMethod = 'totp' | 'recovery_code'

type AuditRequest = Pick<FastifyRequest, 'ip' | 'headers'>

/** True when the account asks for a second factor at login (a pending secret does not count). */
export const isTwoFactorOn = (state: Pick<TwoFactorState, 'totpSecretSealed' | 'totpEnabledAt'>) =>
  state.totpEnabledAt !== null && state.totpSecretSealed !== null

export async function loadState(db: Db, playerId: string): Promise<TwoFactorState> {
  const [row] = await db
    .select({
      id: players.id,
      email: players.email,
      passwordHash: players.passwordHash,
      totpSecretSealed: players.totpSecretSealed,
      totpEnabledAt: players.totpEnabledAt,
      totpLastStep: players.totpLastStep,
    })
    .from(players)
    .where(eq(players.id, playerId))
    .limit(1)
  // A session whose account is gone is as good as none.
  if (!row) throw new AppError('auth.sign_in_required')
  return row
}

/**
 * Spends a second factor of a player who has 2FA on: a TOTP code newer than the last one taken
 * (its step is stored, so it cannot be replayed) or an unused recovery code. Undefined when the
 * code is wrong, replayed or spent. Each check-and-spend is one statement, so two requests racing
 * with the same code cannot both pass.
 */
export async function spendSecondFactor(
  tx: Db | Tx,
  secretBox: SecretBox,
  state: TwoFactorState,
  code: string,
  nowMs = Date.now(),
): Promise<SecondFactorMethod | undefined> {
  if (!isTwoFactorOn(state) || state.totpSecretSealed === null) return undefined
  if (/^\d{6}$/.test(code)) {
    const step = verifyTotp(secretBox.open(state.totpSecretSealed), code, {
      nowMs,
      lastStep: state.totpLastStep,
    })
    if (step === undefined) return undefined
    const taken = await tx
      .update(players)
      .set({ totpLastStep: step })
      .where(
        and(
          eq(players.id, state.id),
          or(isNull(players.totpLastStep), lt(players.totpLastStep, step)),
        ),
      )
      .returning({ id: players.id })
    return taken.length > 0 ? 'totp' : undefined
  }
  return (await spendRecoveryCode(tx, state.id, code)) ? 'recovery_code' : undefined
}

/**
 * Starts (or starts again) setting up 2FA: a new secret, stored sealed and pending until a code
 * from it switches 2FA on, with the `otpauth://` address and its QR code for the app to scan.
 */
export async function startTwoFactorSetup(
  db: Db,
  secretBox: SecretBox,
  playerId: string,
): Promise<{ secret: string; otpauthUrl: string; qr: string }> {
  const state = await loadState(db, playerId)
  if (state.totpEnabledAt !== null) throw new AppError('two_factor.already_enabled')
  const secret = newTotpSecret()
  const stored = await db
    .update(players)
    .set({ totpSecretSealed: secretBox.seal(secret), totpLastStep: null, updatedAt: new Date() })
    // Only while still off: a setup finished meanwhile in another tab keeps its secret.
    .where(and(eq(players.id, playerId), isNull(players.totpEnabledAt)))
    .returning({ id: players.id })
  if (stored.length === 0) throw new AppError('two_factor.already_enabled')
  const url = otpauthUrl(secret, state.email)
  const qr = await QRCode.toDataURL(url, { errorCorrectionLevel: 'M', margin: 2, width: 240 })
  return { secret, otpauthUrl: url, qr }
}

/**
 * Switches 2FA on with the password and a code of the pending secret (without the password,
 * whoever found a session open could bind the account to their own app and lock the player out);
 * answers the new recovery codes, which are shown this once and stored only as hashes.
 */
export async function enableTwoFactor(
  db: Db,
  request: AuditRequest,
  secretBox: SecretBox,
  playerId: string,
  input: { code: string; password: string },
  nowMs = Date.now(),
): Promise<string[]> {
  const state = await loadState(db, playerId)
  if (state.totpEnabledAt !== null) throw new AppError('two_factor.already_enabled')
  const sealed = state.totpSecretSealed
  if (sealed === null) throw new AppError('two_factor.not_started')
  if (!(await verifyPassword(state.passwordHash, input.password))) {
    throw new AppError('two_factor.password_invalid')
  }
  const step = verifyTotp(secretBox.open(sealed), input.code, {
    nowMs,
    lastStep: state.totpLastStep,
  })
  if (step === undefined) throw new AppError('two_factor.code_invalid')
  return db.transaction(async (tx) => {
    const enabled = await tx
      .update(players)
      .set({ totpEnabledAt: new Date(nowMs), totpLastStep: step, updatedAt: new Date() })
      // The secret the code was checked against, still pending: not replaced or enabled meanwhile.
      .where(
        and(
          eq(players.id, playerId),
          eq(players.totpSecretSealed, sealed),
          isNull(players.totpEnabledAt),
        ),
      )
      .returning({ id: players.id })
    if (enabled.length === 0) throw new AppError('two_factor.code_invalid')
    const codes = await replaceRecoveryCodes(tx, playerId)
    await recordAudit(tx, request, {
      actorType: 'player',
      actorId: playerId,
      playerId,
      action: 'two_factor.enabled',
    })
    return codes
  })
}

/**
 * Switches 2FA off; needs the password and a second factor (a TOTP code or an unused recovery
 * code). The secret, its last step and every recovery code are removed.
 */
export async function disableTwoFactor(
  db: Db,
  request: AuditRequest,
  secretBox: SecretBox,
  playerId: string,
  input: { code: string; password: string },
  nowMs = Date.now(),
): Promise<void> {
  const state = await loadState(db, playerId)
  if (!isTwoFactorOn(state)) throw new AppError('two_factor.not_enabled')
  if (!(await verifyPassword(state.passwordHash, input.password))) {
    throw new AppError('two_factor.password_invalid')
  }
  await db.transaction(async (tx) => {
    // A refusal below rolls back, so a recovery code is only spent when 2FA really goes off.
    const method = await spendSecondFactor(tx, secretBox, state, input.code, nowMs)
    if (!method) throw new AppError('two_factor.code_invalid')
    await tx
      .update(players)
      .set({
        totpSecretSealed: null,
        totpEnabledAt: null,
        totpLastStep: null,
        updatedAt: new Date(),
      })
      .where(eq(players.id, playerId))
    await deleteRecoveryCodes(tx, playerId)
    await recordAudit(tx, request, {
      actorType: 'player',
      actorId: playerId,
      playerId,
      action: 'two_factor.disabled',
      details: { method },
    })
  })
}
