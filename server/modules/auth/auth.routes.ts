import { z } from 'zod'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { AppError } from '#server/lib/errors.ts'
import { envelopeOf, okWith } from '#server/lib/envelope.ts'
import { detectCountry } from '#server/modules/geo/geo.ts'
import { findPlayerByEmail, normaliseEmail } from '#server/modules/players/players.repo.ts'
import { verifyPassword } from '#server/modules/players/passwords.ts'
import { JsonQuerySchema, LoginBodySchema, LoginResponseSchema } from './auth.contract.ts'
import type { SiteService } from '#server/modules/site/site.service.ts'

export interface AuthRoutesOptions {
  site: SiteService
  countryHeader: string | undefined
  loginRateLimitMax: number
}

/** Login attempts are counted per client address and e-mail over this window (decisions §8). */
const LOGIN_RATE_WINDOW_MS = 15 * 60_000

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (
  app,
  { site, countryHeader, loginRateLimitMax },
) => {
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
        summary: 'Sign in with e-mail and password',
        description:
          "Starts a new session for the player (the visitor's session and its CSRF token end; fetch a new token). A wrong e-mail or password answers 401 with the same message either way.",
        querystring: JsonQuerySchema,
        body: LoginBodySchema,
        response: { 200: LoginResponseSchema },
      },
    },
    async (request, reply) => {
      const { email, password } = request.body
      const player = await findPlayerByEmail(app.database.db, email)
      if (!(await verifyPassword(player?.passwordHash, password)) || !player) {
        throw new AppError('auth.invalid_credentials')
      }
      await request.signIn(reply, { playerId: player.id })
      void reply.header('cache-control', 'no-store')
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
