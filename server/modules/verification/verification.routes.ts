import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { AppError } from '#server/lib/errors.ts'
import { okWith } from '#server/lib/envelope.ts'
import { createAttemptLimiter, requirePlayerId } from '#server/modules/auth/index.ts'
import { linkOrigin, messagingDeps } from '#server/modules/messaging/index.ts'
import { normaliseEmail } from '#server/modules/players/index.ts'
import { sendEmailVerification, verifyEmail } from './email-verification.ts'
import { requestPasswordReset, resetPassword } from './password-reset.ts'
import {
  assertPhoneCodeSendable,
  confirmPhone,
  deletePhone,
  sendPhoneCode,
} from './phone-verification.ts'
import {
  ConfirmPhoneBodySchema,
  DoneResponseSchema,
  RequestPasswordResetBodySchema,
  ResetPasswordBodySchema,
  VerifyEmailBodySchema,
} from './verification.contract.ts'
import { findPlayerContact } from './verification.repo.ts'

export interface VerificationRoutesOptions {
  /** Keys the HMAC of stored phone codes (the session secret). */
  codeSecret: string
  /** The cookie holding the player's language, for field messages. */
}

const HOUR_MS = 60 * 60_000
const TEN_MINUTES_MS = 10 * 60_000

/**
 * The password reset and verification calls: `/users/request-password-reset`,
 * `/users/password-reset-change-password`, `/users/verify-email` (the link's page posts here),
 * `/player/resend-verification-email`, `/player/resend-phone-verification-code`,
 * `/player/confirm-phone`, `/player/delete-phone`.
 */
export const verificationRoutes: FastifyPluginAsyncZod<VerificationRoutesOptions> = async (
  app,
  { codeSecret },
) => {
  // Reset requests per client address (an office shares one) and per e-mail address.
  const resetsPerAddress = createAttemptLimiter(app, {
    name: 'password-reset-address',
    max: 20,
    timeWindowMs: HOUR_MS,
  })
  const resetsPerEmail = createAttemptLimiter(app, {
    name: 'password-reset-email',
    max: 5,
    timeWindowMs: HOUR_MS,
  })
  const emailResends = createAttemptLimiter(app, {
    name: 'verification-email',
    max: 3,
    timeWindowMs: TEN_MINUTES_MS,
  })
  const phoneResends = createAttemptLimiter(app, {
    name: 'phone-code',
    max: 3,
    timeWindowMs: TEN_MINUTES_MS,
  })

  const { db } = app.database

  app.post(
    '/users/request-password-reset',
    {
      schema: {
        tags: ['password'],
        summary: 'E-mail a link to choose a new password',
        description:
          "Answers the same `{ success: true }` whether or not the address has an account, and sends the e-mail after answering, so neither the answer nor its timing tells. The link (`/{loc}/a/password-reset?token=…` in the account's language) works once, for one hour. At most 5 requests per e-mail address and 20 per client address an hour; a 429 answer says how many seconds to wait.",
        body: RequestPasswordResetBodySchema,
        response: { 200: DoneResponseSchema },
      },
    },
    async (request, reply) => {
      const { email } = request.body
      await resetsPerAddress.hit(request, reply, request.ip)
      await resetsPerEmail.hit(request, reply, normaliseEmail(email))
      const deps = messagingDeps(request)
      const origin = linkOrigin(request)
      const audit = { ip: request.ip, headers: request.headers }
      app.messaging.defer(() => requestPasswordReset(deps, audit, email, origin), request.log)
      void reply.header('cache-control', 'no-store')
      return okWith({})
    },
  )

  app.post(
    '/users/password-reset-change-password',
    {
      schema: {
        tags: ['password'],
        summary: 'Choose a new password with the token of a reset link',
        description:
          "Spends the link's token and sets the password, which must follow the password rules (at least 8 characters, at most 256, not a common password, not the e-mail address); a refused password answers 400 `request.invalid` with the reason in `errors.fields.password`, in the player's language, and leaves the link usable. Every session of the account ends, this one too: the player logs in again. An unknown, expired or used token answers 400 `auth.token_invalid`.",
        body: ResetPasswordBodySchema,
        response: { 200: DoneResponseSchema },
      },
    },
    async (request, reply) => {
      const ended = await resetPassword(db, request, request.body, app.sessionStore)
      await app.announceEndedSessions(ended)
      void reply.header('cache-control', 'no-store')
      return okWith({})
    },
  )

  app.post(
    '/users/verify-email',
    {
      schema: {
        tags: ['verification'],
        summary: 'Confirm an e-mail address with the token of a verification link',
        description:
          'Called by the page `/{loc}/a/verify-email?token=…` the link opens; no sign-in needed. The same link again after it worked answers success too. An unknown or expired token, or a link sent to an address the account no longer has, answers 400 `auth.token_invalid`.',
        body: VerifyEmailBodySchema,
        response: { 200: DoneResponseSchema },
      },
    },
    async (request, reply) => {
      await verifyEmail(db, request, request.body.token)
      void reply.header('cache-control', 'no-store')
      return okWith({})
    },
  )

  app.post(
    '/player/resend-verification-email',
    {
      schema: {
        tags: ['verification'],
        summary: 'E-mail the signed-in player a new link to verify their address',
        description:
          'The link (`/{loc}/a/verify-email?token=…`) works once, for 24 hours; links sent before stay good. 409 `verification.email_already_verified` when the address is verified; at most 3 e-mails per 10 minutes (429 says when to retry).',
        response: { 200: DoneResponseSchema },
      },
    },
    async (request, reply) => {
      const playerId = await requirePlayerId(request)
      const player = await findPlayerContact(db, playerId)
      if (!player) throw new AppError('auth.sign_in_required')
      if (player.emailVerifiedAt) throw new AppError('verification.email_already_verified')
      await emailResends.hit(request, reply, playerId)
      const result = await sendEmailVerification(
        messagingDeps(request),
        playerId,
        linkOrigin(request),
      )
      if (result === 'already_verified') {
        throw new AppError('verification.email_already_verified')
      }
      void reply.header('cache-control', 'no-store')
      return okWith({})
    },
  )

  app.post(
    '/player/resend-phone-verification-code',
    {
      schema: {
        tags: ['verification'],
        summary: "Text a 6-digit code to the signed-in player's phone number",
        description:
          'The code is good for 10 minutes and 5 tries; sending a new one ends the one before. 409 `verification.phone_missing` without a phone number on the profile, `verification.phone_already_verified` when it is verified; at most 3 codes per 10 minutes (429 says when to retry).',
        response: { 200: DoneResponseSchema },
      },
    },
    async (request, reply) => {
      const playerId = await requirePlayerId(request)
      await assertPhoneCodeSendable(db, playerId)
      await phoneResends.hit(request, reply, playerId)
      await sendPhoneCode(messagingDeps(request), playerId, codeSecret)
      void reply.header('cache-control', 'no-store')
      return okWith({})
    },
  )

  app.post(
    '/player/confirm-phone',
    {
      schema: {
        tags: ['verification'],
        summary: "Confirm the signed-in player's phone number with the texted code",
        description:
          'A wrong code answers 400 `verification.code_invalid` and counts a try; after the fifth, or after 10 minutes, the code is dead and answers 400 `verification.code_expired` (ask for a new one). 409 as for sending when there is no number or it is verified.',
        body: ConfirmPhoneBodySchema,
        response: { 200: DoneResponseSchema },
      },
    },
    async (request, reply) => {
      const playerId = await requirePlayerId(request)
      await confirmPhone(db, request, { playerId, code: request.body.code, secret: codeSecret })
      void reply.header('cache-control', 'no-store')
      return okWith({})
    },
  )

  app.post(
    '/player/delete-phone',
    {
      schema: {
        tags: ['verification'],
        summary: "Remove the signed-in player's phone number",
        description:
          'Clears the number and its verification; a code sent to it stops working. Succeeds when there is no number too.',
        response: { 200: DoneResponseSchema },
      },
    },
    async (request, reply) => {
      const playerId = await requirePlayerId(request)
      await deletePhone(db, request, playerId)
      void reply.header('cache-control', 'no-store')
      return okWith({})
    },
  )
}
