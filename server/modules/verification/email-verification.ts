import type { FastifyRequest } from 'fastify'
import { eq } from 'drizzle-orm'
import type { Db } from '#db/client.ts'
import { AppError } from '#server/lib/errors.ts'
import { recordAudit } from '#server/modules/audit/index.ts'
import {
  linkOrigin,
  messagingDeps,
  type MessagingDeps,
  sendMessage,
} from '#server/modules/messaging/index.ts'
import { players } from '#server/modules/players/players.tables.ts'
import { pageLink, tokenLink } from './links.ts'
import {
  findSpentLinkToken,
  insertLinkToken,
  newLinkToken,
  spendLinkToken,
} from './one-time-tokens.ts'
import { findPlayerContact } from './verification.repo.ts'

/** The page the verification link opens; it posts the token to `POST /users/verify-email`. */
export const VERIFY_EMAIL_PAGE = 'verify-email'

export type SendEmailVerificationResult = 'sent' | 'already_verified' | 'not_found'

/**
 * E-mails the player a link (valid 24 hours, one use) that confirms their address. Call it after
 * sign-up with `linkOrigin(request)`; links sent earlier stay good until they expire.
 */
export async function sendEmailVerification(
  deps: MessagingDeps,
  playerId: string,
  origin: string,
): Promise<SendEmailVerificationResult> {
  const player = await findPlayerContact(deps.db, playerId)
  if (!player) return 'not_found'
  if (player.emailVerifiedAt) return 'already_verified'
  const { token, secretHash } = newLinkToken()
  await insertLinkToken(deps.db, {
    playerId,
    purpose: 'email_verification',
    secretHash,
    target: player.email,
  })
  await sendMessage(deps, {
    channel: 'email',
    recipient: player.email,
    template: 'email_verification',
    locale: player.locale,
    params: {
      name: player.firstName,
      link: tokenLink(origin, player.locale, VERIFY_EMAIL_PAGE, token),
    },
  })
  return 'sent'
}

/**
 * For sign-up: e-mails the verification link after the answer has gone, so the answer neither
 * waits for the mail server nor fails with it (a failure is logged; the player can ask again).
 */
export function queueEmailVerification(request: FastifyRequest, playerId: string): void {
  const deps = messagingDeps(request)
  const origin = linkOrigin(request)
  request.server.messaging.defer(() => sendEmailVerification(deps, playerId, origin), request.log)
}

/** E-mails a new player a welcome with a link to the site (no token in it). */
export async function sendWelcomeEmail(
  deps: MessagingDeps,
  playerId: string,
  origin: string,
): Promise<boolean> {
  const player = await findPlayerContact(deps.db, playerId)
  if (!player) return false
  await sendMessage(deps, {
    channel: 'email',
    recipient: player.email,
    template: 'welcome',
    locale: player.locale,
    params: { name: player.firstName, link: pageLink(origin, player.locale) },
  })
  return true
}

/**
 * Confirms the address a verification link was sent to. The link works once; opening it again
 * after it worked still answers success, while an unknown, expired or other link, or one sent to
 * an address the account no longer has, is refused with `auth.token_invalid`.
 */
export async function verifyEmail(
  db: Db,
  request: Pick<FastifyRequest, 'ip' | 'headers'>,
  token: string,
): Promise<void> {
  const now = new Date()
  const isSpent = await db.transaction(async (tx) => {
    const spent = await spendLinkToken(tx, 'email_verification', token, now)
    if (!spent) return false
    const player = await findPlayerContact(tx, spent.playerId)
    if (player?.email !== spent.target) throw new AppError('auth.token_invalid')
    if (player.emailVerifiedAt) return true
    await tx
      .update(players)
      .set({ emailVerifiedAt: now, updatedAt: now })
      .where(eq(players.id, player.id))
    await recordAudit(tx, request, {
      actorType: 'player',
      actorId: player.id,
      playerId: player.id,
      action: 'email.verified',
      details: { email: player.email },
    })
    return true
  })
  if (isSpent) return
  // The same link a second time (a double click, the page reloaded): the address stands verified.
  const used = await findSpentLinkToken(db, 'email_verification', token)
  const player = used && (await findPlayerContact(db, used.playerId))
  if (!player?.emailVerifiedAt || player.email !== used?.target) {
    throw new AppError('auth.token_invalid')
  }
}
