import { z } from 'zod'
import { and, eq } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import { requestLocale } from '#server/lib/request-locale.ts'
import { loadShippedMessages, textsFrom } from '#server/modules/site/index.ts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { DEFAULT_LOCALE } from '#common/locales.ts'
import { AppError } from '#server/lib/errors.ts'
import { envelopeOf, okWith } from '#server/lib/envelope.ts'
import type { SecretBox } from '#server/lib/secret-box.ts'
import { recordAudit } from '#server/modules/audit/index.ts'
import { recordLogin } from '#server/modules/engagement/index.ts'
import { detectCountry } from '#server/modules/geo/index.ts'
import {
  findPlayerByEmail,
  hashPassword,
  needsRehash,
  normaliseEmail,
  verifyPassword,
} from '#server/modules/players/index.ts'
import { players } from '#server/modules/players/players.tables.ts'
import type { SiteService } from '#server/modules/site/index.ts'
import {
  createAttemptLimiter,
  LOGIN_ACCOUNT_LIMIT_FACTOR,
  LOGIN_RATE_WINDOW_MS,
} from './attempt-limiter.ts'
import { JsonQuerySchema, LoginBodySchema, LoginResponseSchema } from './auth.contract.ts'
import { isTwoFactorOn, spendSecondFactor, type SecondFactorMethod } from './two-factor.ts'

export interface AuthRoutesOptions {
  site: SiteService
  countryHeader: string | undefined
  loginRateLimitMax: number
  /** Opens the sealed TOTP secrets of accounts with 2FA. */
  secretBox: SecretBox
  /** The cookie holding the visitor's language, for the texts of answers that are not errors. */
  localeCookieName: string
  /**
   * Player protection at every sign-in, once the password and second factor are right
   * (`server/flows/player-protection.ts`): refuses a closed account (`auth.account_closed`), asks
   * the self-exclusion register, starts the reality check's count.
   */
  atSignIn: (request: FastifyRequest, playerId: string) => Promise<void>
}

/** Wrong second factors per account in the login window, whatever the address. */
const OTP_ATTEMPT_MAX = 10

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (
  app,
  { site, countryHeader, loginRateLimitMax, secretBox, localeCookieName, atSignIn },
) => {
  const { db } = app.database
  const accountAttempts = createAttemptLimiter(app, {
    name: 'login-account',
    max: loginRateLimitMax * LOGIN_ACCOUNT_LIMIT_FACTOR,
    timeWindowMs: LOGIN_RATE_WINDOW_MS,
  })
  const otpAttempts = createAttemptLimiter(app, {
    name: 'login-otp',
    max: OTP_ATTEMPT_MAX,
    timeWindowMs: LOGIN_RATE_WINDOW_MS,
  })

  // Texts of answers that are not errors, in the visitor's language (errors get theirs from the
  // error handler); these paths carry no locale, so the locale cookie decides.
  const shipped = loadShippedMessages()
  const translated = (request: FastifyRequest, key: string) => {
    const locale = requestLocale(request, localeCookieName)
    return textsFrom(shipped.get(locale) ?? {}, shipped.get(DEFAULT_LOCALE) ?? {})(key)
  }

  app.get(
    '/csrf/get-new',
    {
      config: { csrf: false },
      schema: {
        tags: ['session'],
        summary: "The session's CSRF token (a session starts here when the visitor has none)",
        description:
          "Answers 403 with the message 'Country is blocked' for a visitor from a blocked country; the client then shows /site/restricted.",
        response: {
          200: envelopeOf(z.null()).extend({ '_csrf-frontend': z.string() }),
        },
      },
    },
    async (request, reply) => {
      const country = detectCountry(request, { header: countryHeader })
      const { blockedCountries } = await site.settings()
      if (country && blockedCountries.includes(country)) throw new AppError('geo.country_blocked')
      const session = await request.ensureSession(reply)
      void reply.header('cache-control', 'no-store')
      return okWith({ '_csrf-frontend': session.csrfToken })
    },
  )

  app.post(
    '/login',
    {
      config: {
        countryCheck: 'play',
        rateLimit: {
          max: loginRateLimitMax,
          timeWindow: LOGIN_RATE_WINDOW_MS,
          // After parsing, so the count is per address and e-mail: one player's typos do not lock
          // out everyone behind the same address.
          hook: 'preHandler',
          keyGenerator: (request) => {
            const { email } = request.body as { email: string }
            return `login:${request.ip}:${normaliseEmail(email)}`
          },
        },
      },
      schema: {
        tags: ['session'],
        summary: 'Sign in with e-mail and password (and a second factor when the account has 2FA)',
        description: [
          "Starts a new session for the player (the visitor's session and its CSRF token end; fetch a new token). A wrong e-mail or password answers 401 with the same message either way.",
          'When the password is right and the account has two-factor authentication, a call without `otp` answers 200 with `success: false`, `two_factor_otp: true`, no `player` and nothing signed in; the client repeats the call with the same e-mail and password and `otp` (a six-digit app code or a one-time recovery code). A wrong, reused or spent code answers 401 `auth.otp_invalid`.',
          "An account an operator locked answers 403 `auth.account_locked`, and one its player closed 403 `auth.account_closed`, once the password (and code) are right, and nothing is signed in: support unlocks or reopens it. Every sign-in asks the national self-exclusion register (a listed player may sign in, see the balance and withdraw, but not play; a register that cannot answer keeps its last answer) and starts the reality check's count: it is due one interval from now (`GET /player/protection`).",
          `Attempts are limited per address and e-mail (\`LOGIN_RATE_LIMIT_MAX\` in 15 minutes), per account (${String(LOGIN_ACCOUNT_LIMIT_FACTOR)} times that from all addresses), and wrong codes per account (${String(OTP_ATTEMPT_MAX)} in 15 minutes); 429 says when to retry.`,
        ].join('\n\n'),
        querystring: JsonQuerySchema,
        body: LoginBodySchema,
        response: { 200: LoginResponseSchema },
      },
    },
    async (request, reply) => {
      const { email, password } = request.body
      const otp = request.body.otp || undefined
      void reply.header('cache-control', 'no-store')
      await accountAttempts.hit(request, reply, normaliseEmail(email))
      const player = await findPlayerByEmail(db, email)
      if (!(await verifyPassword(player?.passwordHash, password)) || !player) {
        await recordAudit(db, request, {
          actorType: 'player',
          actorId: player?.id ?? null,
          playerId: player?.id ?? null,
          action: 'login.failed',
          details: { reason: 'password' },
        })
        throw new AppError('auth.invalid_credentials')
      }

      let secondFactor: SecondFactorMethod | undefined
      if (isTwoFactorOn(player)) {
        // Only now, with the password right, does the answer say that a code is needed.
        if (otp === undefined) {
          return {
            success: false,
            data: null,
            message: translated(request, 'auth.two_factor_prompt'),
            errors: null,
            two_factor_otp: true,
          }
        }
        await otpAttempts.assertAllowed(request, reply, player.id)
        secondFactor = await spendSecondFactor(db, secretBox, player, otp)
        if (!secondFactor) {
          await otpAttempts.count(request, player.id)
          await recordAudit(db, request, {
            actorType: 'player',
            actorId: player.id,
            playerId: player.id,
            action: 'login.failed',
            details: { reason: 'otp' },
          })
          throw new AppError('auth.otp_invalid')
        }
      }

      // Only now, with the password and code right, may the answer say the account is locked or
      // closed.
      if (player.lockedAt) {
        await recordAudit(db, request, {
          actorType: 'player',
          actorId: player.id,
          playerId: player.id,
          action: 'login.failed',
          details: { reason: 'locked' },
        })
        throw new AppError('auth.account_locked')
      }
      await atSignIn(request, player.id)

      if (needsRehash(player.passwordHash)) {
        await db
          .update(players)
          .set({ passwordHash: await hashPassword(password) })
          // Not over a password changed meanwhile by a reset or another tab.
          .where(and(eq(players.id, player.id), eq(players.passwordHash, player.passwordHash)))
      }
      await request.signIn(reply, { playerId: player.id })
      await recordLogin({ db, bus: app.bus, log: request.log }, player.id)
      await recordAudit(db, request, {
        actorType: 'player',
        actorId: player.id,
        playerId: player.id,
        action: 'login.succeeded',
        details: secondFactor ? { second_factor: secondFactor } : {},
      })
      return okWith({
        player: {
          id: player.id,
          email: player.email,
          firstName: player.firstName,
          lastName: player.lastName,
          currency: player.currency,
        },
        two_factor_otp: false,
      })
    },
  )

  app.get(
    '/logout',
    {
      // A GET that ends the session: it still needs the CSRF token, so no other site can sign a
      // player out with a link.
      config: { csrf: true },
      schema: {
        tags: ['session'],
        summary: 'Sign out',
        description: "Ends the player's session. Answers success even when no one was signed in.",
        querystring: JsonQuerySchema,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request, reply) => {
      await request.signOut(reply)
      void reply.header('cache-control', 'no-store')
      return okWith({})
    },
  )
}
