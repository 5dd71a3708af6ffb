import { z } from 'zod'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { AppError } from '#server/lib/errors.ts'
import { envelopeOf, ok, okWith } from '#server/lib/envelope.ts'
import type { SecretBox } from '#server/lib/secret-box.ts'
import {
  createAttemptLimiter,
  LOGIN_ACCOUNT_LIMIT_FACTOR,
  LOGIN_RATE_WINDOW_MS,
  requireOperatorRole,
  verifyTotp,
} from '#server/modules/auth/index.ts'
import { normaliseEmail, verifyPassword } from '#server/modules/players/index.ts'
import { recordAudit } from '#server/modules/audit/index.ts'
import { OperatorLoginBodySchema, OperatorResponseSchema } from './operators.contract.ts'
import { findOperatorByEmail, takeOperatorTotpStep } from './operators.repo.ts'
import { OPERATOR_ROLES } from './operators.tables.ts'

export interface OperatorRoutesOptions {
  secretBox: SecretBox
  loginRateLimitMax: number
}

/** The operators' own sign-in (`/admin/api/…`), apart from players', always with a TOTP code. */
export const operatorRoutes: FastifyPluginAsyncZod<OperatorRoutesOptions> = async (
  app,
  { secretBox, loginRateLimitMax },
) => {
  const { db } = app.database
  // Beside the per-address limit: a guess spread over many addresses still stops.
  const accountAttempts = createAttemptLimiter(app, {
    name: 'operator-login-account',
    max: loginRateLimitMax * LOGIN_ACCOUNT_LIMIT_FACTOR,
    timeWindowMs: LOGIN_RATE_WINDOW_MS,
  })

  app.post(
    '/admin/api/login',
    {
      config: {
        rateLimit: {
          max: loginRateLimitMax,
          timeWindow: LOGIN_RATE_WINDOW_MS,
          hook: 'preHandler',
          keyGenerator: (request) => {
            const { email } = request.body as { email: string }
            return `operator-login:${request.ip}:${normaliseEmail(email)}`
          },
        },
      },
      schema: {
        tags: ['operator'],
        summary: 'Operator sign-in (password and TOTP code, both required)',
        description: `Starts an operator session. A wrong e-mail, password or code answers 401 with one message, so none of them is revealed; a code is taken once, even by two logins at the same moment. Attempts are limited per address and e-mail (\`LOGIN_RATE_LIMIT_MAX\` in 15 minutes) and per e-mail from all addresses (${String(LOGIN_ACCOUNT_LIMIT_FACTOR)} times that); 429 says when to retry.`,
        body: OperatorLoginBodySchema,
        response: { 200: OperatorResponseSchema },
      },
    },
    async (request, reply) => {
      const { email, password, otp } = request.body
      await accountAttempts.hit(request, reply, normaliseEmail(email))
      const operator = await findOperatorByEmail(db, email)
      const isPasswordRight = await verifyPassword(operator?.passwordHash, password)
      const step =
        operator && isPasswordRight && !operator.disabledAt
          ? verifyTotp(secretBox.open(operator.totpSecretSealed), otp, {
              nowMs: Date.now(),
              lastStep: operator.totpLastStep,
            })
          : undefined
      // Taken before the session starts: of two logins with one code, only one gets this far.
      const isCodeTaken =
        operator !== undefined &&
        step !== undefined &&
        (await takeOperatorTotpStep(db, operator.id, step))
      if (!operator || !isCodeTaken) {
        await recordAudit(db, request, {
          actorType: 'operator',
          actorId: operator?.id ?? null,
          action: 'operator.login_failed',
        })
        throw new AppError('auth.invalid_credentials')
      }
      await request.signIn(reply, { operatorId: operator.id })
      await recordAudit(db, request, {
        actorType: 'operator',
        actorId: operator.id,
        action: 'operator.login',
      })
      void reply.header('cache-control', 'no-store')
      return ok({
        id: operator.id,
        email: operator.email,
        name: operator.name,
        roles: operator.roles,
      })
    },
  )

  app.get(
    '/admin/api/me',
    {
      schema: {
        tags: ['operator'],
        summary: 'The signed-in operator',
        response: { 200: OperatorResponseSchema },
      },
    },
    async (request, reply) => {
      const operator = await requireOperatorRole(request, OPERATOR_ROLES)
      void reply.header('cache-control', 'no-store')
      return ok(operator)
    },
  )

  app.post(
    '/admin/api/logout',
    {
      schema: {
        tags: ['operator'],
        summary: 'Operator sign-out',
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request, reply) => {
      await request.signOut(reply)
      return okWith({})
    },
  )
}
