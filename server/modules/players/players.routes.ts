import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { envelopeOf, ok, okWith } from '#server/lib/envelope.ts'
import { AppError } from '#server/lib/errors.ts'
import { requirePlayerId, requirePlayerSession } from '#server/modules/auth/index.ts'
import { recordLogin } from '#server/modules/engagement/index.ts'
import type { LocalePrefix } from '#common/locales.ts'
import type { PlayerSummary } from './players.repo.ts'
import type { SiteService } from '#server/modules/site/index.ts'
import { changePassword } from './change-password.ts'
import { requestLocale } from '#server/lib/request-locale.ts'
import { toPlayerInfo, withSocketToken } from './player-info.ts'
import { loadLoyaltyTables } from '#server/modules/engagement/index.ts'
import {
  ChangePasswordBodySchema,
  PlayerInfoResponseSchema,
  RegisterBodySchema,
  RegisterResponseSchema,
  UpdateBodySchema,
} from './players.contract.ts'
import { updatePlayerProfile } from './update-player.ts'
import { queueEmailVerification } from '#server/modules/verification/index.ts'
import type { PlayerInfoCache } from './player-info-cache.ts'

export interface PlayerRoutesOptions {
  site: SiteService
  /** Signs the realtime socket token player info carries (the session secret). */
  socketSecret: string
  localeCookieName: string
  /** Sign-ups per client address per hour, and password changes per player per 15 minutes. */
  rateLimitMax: number
  playerInfo: PlayerInfoCache
  /** The sign-up use case, which spans modules (`server/flows/register-player.ts`). */
  registerPlayer: (
    request: FastifyRequest,
    input: { body: unknown; fallbackLocale: LocalePrefix },
  ) => Promise<PlayerSummary>
}

const SIGN_UP_RATE_WINDOW_MS = 3_600_000
const CHANGE_PASSWORD_RATE_WINDOW_MS = 15 * 60_000

const FIELD_ERRORS_NOTE =
  "A refused field answers 400 `request.invalid` with `errors.fields` holding one message per field, in the player's language, keyed by the body's field name; every refused field is named in one answer."

/** Sign-up, the signed-in player's info and profile, and the password change. */
export const playerRoutes: FastifyPluginAsyncZod<PlayerRoutesOptions> = async (
  app,
  { site, socketSecret, localeCookieName, rateLimitMax, playerInfo, registerPlayer },
) => {
  const { db } = app.database
  const tags = ['player']

  const cookieLocale = (request: FastifyRequest) => requestLocale(request, localeCookieName)

  app.post(
    '/register',
    {
      // The body is checked field by field in `validateRegistration`, so one answer names every
      // refused field in the form's own names; the schema still documents it.
      attachValidation: true,
      config: {
        rateLimit: {
          max: rateLimitMax,
          timeWindow: SIGN_UP_RATE_WINDOW_MS,
          hook: 'preHandler',
          keyGenerator: (request) => `register:${request.ip}`,
        },
      },
      schema: {
        tags: ['session'],
        summary: 'Sign up, and sign in as the new player',
        description: `Creates the account, starts a signed-in session (the visitor's session and its CSRF token end; fetch a new token) and sends a welcome notification. ${FIELD_ERRORS_NOTE} An address that already has an account answers 409 \`players.email_taken\` with the message on \`email\`: the only thing sign-up tells about existing accounts. A person the national self-exclusion register lists (by e-mail, or last name and birth date) is refused with 403 \`protection.register_signup\`, and 503 \`players.exclusion_register_unavailable\` while the register cannot answer; nothing is stored either way. The sign-in it makes starts the reality check's count as a sign-in does. Limited per client address per hour (429).`,
        body: RegisterBodySchema,
        response: { 200: RegisterResponseSchema },
      },
    },
    async (request, reply) => {
      const player = await registerPlayer(request, {
        body: request.body,
        fallbackLocale: cookieLocale(request),
      })
      await request.signIn(reply, { playerId: player.id })
      await recordLogin({ db: app.database.db, bus: app.bus, log: request.log }, player.id)
      // The verification e-mail goes out after the answer (it also welcomes the player).
      queueEmailVerification(request, player.id)
      void reply.header('cache-control', 'no-store')
      return okWith({ player })
    },
  )

  app.get(
    '/player/info',
    {
      schema: {
        tags,
        summary: "The signed-in player's info",
        description:
          'The signed-in player, plus `emailVerified`, `phoneVerified` and `twoFactorEnabled`. Amounts are minor units as decimal strings. `token` is a fresh realtime socket token. 401 when signed out.',
        response: { 200: PlayerInfoResponseSchema },
      },
    },
    async (request, reply) => {
      const { playerId, sessionId } = await requirePlayerSession(request)
      const answer = await playerInfo.answer(playerId, sessionId)
      if (!answer) throw new AppError('auth.sign_in_required')
      // Bytes serialised once per load, sent as they are (Fastify serialises no Buffer); the type
      // provider only knows the object they were made from.
      return reply
        .header('cache-control', 'no-store')
        .type('application/json; charset=utf-8')
        .send(answer as never)
    },
  )

  app.post(
    '/player/update',
    {
      attachValidation: true,
      schema: {
        tags,
        summary: "Update the signed-in player's profile",
        description: `Every field is optional; only those sent change, each checked as at sign-up. The e-mail address and currency cannot be changed here; nor, once an identity document is approved, the name, birth date and country (409 \`players.identity_locked\`, each such field named in \`errors.fields\`: a change goes through support; player info's \`identityLocked\` says so beforehand). A new phone number must be verified again. Answers the player info as it now is. ${FIELD_ERRORS_NOTE}`,
        body: UpdateBodySchema,
        response: { 200: PlayerInfoResponseSchema },
      },
    },
    async (request, reply) => {
      const { playerId, sessionId } = await requirePlayerSession(request)
      const { blockedCountries } = await site.settings()
      const row = await updatePlayerProfile(db, request, playerId, request.body, {
        blockedCountries,
        now: new Date(),
      })
      // Read afresh, with the wallet's figures, as every later read will see it.
      await playerInfo.forget(playerId)
      const info = await playerInfo.get(playerId, sessionId)
      void reply.header('cache-control', 'no-store')
      if (info) return ok(info)
      const { steps } = await loadLoyaltyTables(db)
      return ok(withSocketToken(toPlayerInfo(row, steps), socketSecret, sessionId))
    },
  )

  app.post(
    '/player/change-password',
    {
      attachValidation: true,
      config: {
        rateLimit: {
          max: rateLimitMax,
          timeWindow: CHANGE_PASSWORD_RATE_WINDOW_MS,
          hook: 'preHandler',
          keyGenerator: async (request) =>
            `change-password:${(await request.session())?.playerId ?? request.ip}`,
        },
      },
      schema: {
        tags,
        summary: "Change the signed-in player's password",
        description: `Needs the current password: a wrong one answers 400 \`players.password_incorrect\` with the message on \`current_password\`. The new one follows the sign-up rules. Every other session of the player ends; this one stays. ${FIELD_ERRORS_NOTE} Limited per player (429).`,
        body: ChangePasswordBodySchema,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request, reply) => {
      const playerId = await requirePlayerId(request)
      const session = await request.session()
      if (!session) throw new AppError('auth.sign_in_required')
      const ended = await changePassword(db, request, {
        playerId,
        keepSessionIdHash: session.idHash,
        body: request.body,
        now: new Date(),
        sessions: app.sessionStore,
      })
      // Committed: every instance drops its cached copy of those sessions and closes their sockets.
      await app.announceEndedSessions(ended)
      void reply.header('cache-control', 'no-store')
      return okWith({})
    },
  )
}
