import type { FastifyRequest } from 'fastify'
import { eq } from 'drizzle-orm'
import type { Db } from '#db/client.ts'
import { AppError, FieldErrors } from '#server/lib/errors.ts'
import { recordAudit } from '#server/modules/audit/index.ts'
import type { SessionStore } from '#server/modules/auth/index.ts'
import { type MessagingDeps, sendMessage } from '#server/modules/messaging/index.ts'
import { hashPassword, passwordProblem } from '#server/modules/players/index.ts'
import { players } from '#server/modules/players/players.tables.ts'
import { tokenLink } from './links.ts'
import {
  findLiveLinkToken,
  insertLinkToken,
  newLinkToken,
  retireTokens,
  spendLinkToken,
} from './one-time-tokens.ts'
import { findPlayerContact, findPlayerContactByEmail } from './verification.repo.ts'

/** The page the reset link opens; it posts the token and the new password. */
export const PASSWORD_RESET_PAGE = 'password-reset'

type AuditRequest = Pick<FastifyRequest, 'ip' | 'headers'>

/**
 * E-mails a single-use link (valid one hour) to choose a new password, when `email` belongs to an
 * account; otherwise does nothing. Note: the caller answers the same either way and runs this
 * after answering, so neither the answer nor its timing tells whether the account exists.
 */
export async function requestPasswordReset(
  deps: MessagingDeps,
  request: AuditRequest,
  email: string,
  origin: string,
): Promise<void> {
  // The token is drawn before the lookup, so both outcomes do the same work up to the write.
  const { token, secretHash } = newLinkToken()
  const player = await findPlayerContactByEmail(deps.db, email)
  if (!player) return
  await insertLinkToken(deps.db, {
    playerId: player.id,
    purpose: 'password_reset',
    secretHash,
    target: player.email,
  })
  await recordAudit(deps.db, request, {
    actorType: 'system',
    actorId: null,
    playerId: player.id,
    action: 'password.reset_requested',
  })
  await sendMessage(deps, {
    channel: 'email',
    recipient: player.email,
    template: 'password_reset',
    locale: player.locale,
    params: {
      name: player.firstName,
      link: tokenLink(origin, player.locale, PASSWORD_RESET_PAGE, token),
    },
  })
}

/**
 * Sets a new password with a reset link's token: checks the password first (a refused password
 * answers a `FieldErrors` on `password` and leaves the link usable), then in one transaction spends the token, stores the new hash, retires
 * the account's other reset links and ends every session of the account. Returns the ended
 * sessions' id hashes, to be announced once committed.
 */
export async function resetPassword(
  db: Db,
  request: AuditRequest,
  input: { token: string; password: string },
  sessions: SessionStore,
): Promise<string[]> {
  const found = await findLiveLinkToken(db, 'password_reset', input.token)
  const player = found && (await findPlayerContact(db, found.playerId))
  // A link sent to an address the account no longer has is as good as none.
  if (!found || player?.email !== found.target) throw new AppError('auth.token_invalid')
  const problem = passwordProblem(input.password, player.email)
  if (problem) throw new FieldErrors({ password: problem })
  const passwordHash = await hashPassword(input.password)
  const now = new Date()
  return db.transaction(async (tx) => {
    // Spent here, not at the check above: of two requests racing with one link, one wins.
    const spent = await spendLinkToken(tx, 'password_reset', input.token, now)
    if (spent?.playerId !== player.id) throw new AppError('auth.token_invalid')
    await tx
      .update(players)
      .set({ passwordHash, passwordChangedAt: now, updatedAt: now })
      .where(eq(players.id, player.id))
    await retireTokens(tx, player.id, 'password_reset', now)
    const ended = await sessions.endPlayerSessions(player.id, undefined, tx)
    await recordAudit(tx, request, {
      actorType: 'player',
      actorId: player.id,
      playerId: player.id,
      action: 'password.reset',
      details: { sessionsEnded: ended.length },
    })
    return ended
  })
}
