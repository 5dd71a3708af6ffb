import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { AppError } from '#server/lib/errors.ts'
import { envelopeOf, ok, okWith } from '#server/lib/envelope.ts'
import type { SecretBox } from '#server/lib/secret-box.ts'
import {
  DisableTwoFactorBodySchema,
  EnableTwoFactorBodySchema,
  EnableTwoFactorResponseSchema,
  TwoFactorSecretResponseSchema,
} from './auth.contract.ts'
import { createAttemptLimiter } from './attempt-limiter.ts'
import { requirePlayerId } from './guards.ts'
import { disableTwoFactor, enableTwoFactor, startTwoFactorSetup } from './two-factor.ts'

export interface TwoFactorRoutesOptions {
  secretBox: SecretBox
}

const WINDOW_MS = 15 * 60_000
/** New secrets per player in the window: every one replaces the last, so a few are plenty. */
const SECRET_MAX = 10
/** Wrong codes or passwords per player in the window, across enabling and disabling. */
const ATTEMPT_MAX = 10

/** Failures the attempt limit counts: guesses, not mistakes of state such as "already on". */
const GUESS_CODES = new Set(['two_factor.code_invalid', 'two_factor.password_invalid'])

/** The player's two-factor calls: a new secret, switching 2FA on and off. */
export const twoFactorRoutes: FastifyPluginAsyncZod<TwoFactorRoutesOptions> = async (
  app,
  { secretBox },
) => {
  const { db } = app.database
  const tags = ['two-factor']
  const attempts = createAttemptLimiter(app, {
    name: 'two-factor',
    max: ATTEMPT_MAX,
    timeWindowMs: WINDOW_MS,
  })

  /** Runs a guarded use case, counting a wrong code or password against the player. */
  const counted = async <T>(
    request: FastifyRequest,
    playerId: string,
    run: () => Promise<T>,
  ): Promise<T> => {
    try {
      return await run()
    } catch (error) {
      if (error instanceof AppError && GUESS_CODES.has(error.code)) {
        await attempts.count(request, playerId)
      }
      throw error
    }
  }

  app.get(
    '/player/get-two-factor-auth-secret',
    {
      // It replaces the pending secret, so another site must not be able to trigger it.
      config: {
        csrf: true,
        rateLimit: {
          max: SECRET_MAX,
          timeWindow: WINDOW_MS,
          hook: 'preHandler',
          keyGenerator: async (request) => {
            const session = await request.session()
            return `two-factor-secret:${session?.playerId ?? request.ip}`
          },
        },
      },
      schema: {
        tags,
        summary: 'A new two-factor secret to set up an authenticator app',
        description:
          'Creates a new TOTP secret (RFC 6238: SHA-1, 30 s, 6 digits), kept sealed and pending until `POST /player/enable-two-factor-auth` confirms a code from it; calling again replaces a pending secret. Answers the base32 secret, the `otpauth://` address and its QR code as a PNG data URL. 409 `two_factor.already_enabled` when 2FA is already on.',
        response: { 200: TwoFactorSecretResponseSchema },
      },
    },
    async (request, reply) => {
      const playerId = await requirePlayerId(request)
      const setup = await startTwoFactorSetup(db, secretBox, playerId)
      void reply.header('cache-control', 'no-store')
      return ok({ secret: setup.secret, otpauth_url: setup.otpauthUrl, qr: setup.qr })
    },
  )

  app.post(
    '/player/enable-two-factor-auth',
    {
      schema: {
        tags,
        summary: 'Switch two-factor authentication on',
        description: `Needs the account's \`password\` and a code from the pending secret. Answers ten one-time recovery codes, shown this once. 400 \`two_factor.password_invalid\` or \`two_factor.code_invalid\`, 409 \`two_factor.not_started\` without a pending secret, 409 \`two_factor.already_enabled\`. Wrong codes and passwords count against a limit of ${String(ATTEMPT_MAX)} per 15 minutes (429).`,
        body: EnableTwoFactorBodySchema,
        response: { 200: EnableTwoFactorResponseSchema },
      },
    },
    async (request, reply) => {
      const playerId = await requirePlayerId(request)
      await attempts.assertAllowed(request, reply, playerId)
      const codes = await counted(request, playerId, () =>
        enableTwoFactor(db, request, secretBox, playerId, request.body),
      )
      void reply.header('cache-control', 'no-store')
      return ok({ recovery_codes: codes })
    },
  )

  app.post(
    '/player/disable-two-factor-auth',
    {
      schema: {
        tags,
        summary: 'Switch two-factor authentication off',
        description: `Needs the password and a code from the app or an unused recovery code; removes the secret and all recovery codes. 400 \`two_factor.password_invalid\` or \`two_factor.code_invalid\`, 409 \`two_factor.not_enabled\` when 2FA is off. Wrong codes and passwords count against a limit of ${String(ATTEMPT_MAX)} per 15 minutes (429).`,
        body: DisableTwoFactorBodySchema,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request, reply) => {
      const playerId = await requirePlayerId(request)
      await attempts.assertAllowed(request, reply, playerId)
      await counted(request, playerId, () =>
        disableTwoFactor(db, request, secretBox, playerId, request.body),
      )
      void reply.header('cache-control', 'no-store')
      return okWith({})
    },
  )
}
