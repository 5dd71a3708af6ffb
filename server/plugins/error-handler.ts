import fp from 'fastify-plugin'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import { DEFAULT_LOCALE, getLocale } from '#common/locales.ts'
import {
  AppError,
  ERROR_STATUS,
  FieldErrors,
  type ErrorCode,
  type FieldProblems,
} from '#server/lib/errors.ts'
import { failure } from '#server/lib/envelope.ts'
import { requestLocale } from '#server/lib/request-locale.ts'
import {
  loadShippedMessages,
  textsFrom,
  textsIn,
  type TextParams,
  type Texts,
} from '#server/modules/site/index.ts'
import { withWordedDurations } from '#common/duration.ts'

const API_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const

function fieldErrors(error: FastifyError): Record<string, string[]> | undefined {
  if (!hasZodFastifySchemaValidationErrors(error)) return undefined
  const fields: Record<string, string[]> = {}
  for (const issue of error.validation) {
    const key = [
      error.validationContext,
      issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
    ]
      .filter(Boolean)
      .join('.')
    ;(fields[key] ??= []).push(issue.message ?? 'invalid')
  }
  return fields
}

function classify(error: FastifyError | AppError): {
  code: ErrorCode
  fields?: Record<string, string[]>
} {
  if (error instanceof AppError) return { code: error.code }
  const fields = fieldErrors(error)
  if (fields || error.validation) return { code: 'request.invalid', ...(fields && { fields }) }
  const status = error.statusCode ?? 500
  if (status === 429) return { code: 'request.rate_limited' }
  if (status === 414) return { code: 'request.too_long' }
  if (status === 404) return { code: 'request.not_found' }
  if (status === 405) return { code: 'request.method_not_allowed' }
  // Body parser and other client errors Fastify raises itself.
  if (status >= 400 && status < 500) return { code: 'request.invalid' }
  return { code: 'server.internal' }
}

/**
 * One place maps error codes to HTTP answers. 5xx answers are generic and logged with the
 * request's context; 4xx answers carry the code and a message in the player's language.
 */
export default fp(
  async (app: FastifyInstance, options: { localeCookieName: string }) => {
    const shipped = loadShippedMessages()
    /**
     * The message of an error code in the player's language with the operator's wording, else
     * English; a code without a text gets the generic one.
     */
    const errorText = async (locale: string, code: ErrorCode, params?: TextParams) => {
      let text: Texts
      try {
        text = await textsIn((wanted) => app.site.messages(wanted), locale)
      } catch {
        // The database may be what failed: the shipped texts still answer.
        text = textsFrom(shipped.get(locale) ?? {}, shipped.get(DEFAULT_LOCALE) ?? {})
      }
      const key = `errors.${code}`
      const message = text(key, params)
      return message === key ? text('errors.server.internal') : message
    }

    const send = async (
      request: FastifyRequest,
      reply: FastifyReply,
      code: ErrorCode,
      extra: {
        fields?: Record<string, string[]>
        params?: Record<string, string | number>
        message?: string
      } = {},
    ) => {
      const locale = requestLocale(request, options.localeCookieName, { path: true })
      const params = extra.params && withWordedDurations(extra.params, getLocale(locale).tag)
      const message = extra.message ?? (await errorText(locale, code, params))
      return reply
        .status(ERROR_STATUS[code])
        .send(failure(message, { code, ...(extra.fields && { fields: extra.fields }) }))
    }

    app.decorate('sendError', send)

    /** One message per refused field, in the player's language with the operator's wording. */
    const fieldTexts = async (request: FastifyRequest, problems: FieldProblems) => {
      const text = await textsIn(
        (locale) => app.site.messages(locale),
        requestLocale(request, options.localeCookieName, { path: true }),
      )
      return Object.fromEntries(
        Object.entries(problems).map(([field, problem]) => [
          field,
          [text(`errors.fields.${problem.code}`, problem.params)],
        ]),
      )
    }

    app.setErrorHandler(async (error: FastifyError | AppError, request, reply) => {
      if (error instanceof FieldErrors) {
        return send(request, reply, error.code, {
          fields: await fieldTexts(request, error.problems),
        })
      }
      const { code, fields } = classify(error)
      if (ERROR_STATUS[code] >= 500) {
        request.log.error(
          { err: error, url: request.url, method: request.method },
          'request failed',
        )
      }
      const params = error instanceof AppError ? error.params : undefined
      // The spec's client matches this exact sentence to send blocked visitors away.
      const message = code === 'geo.country_blocked' ? 'Country is blocked' : undefined
      return send(request, reply, code, {
        ...(fields && { fields }),
        ...(params && { params }),
        ...(message && { message }),
      })
    })

    app.setNotFoundHandler((request, reply) => {
      const path = request.url.split('?')[0] ?? '/'
      const otherMethods = API_METHODS.filter((method) => {
        if (method === request.method) return false
        // Typed as always found, but it answers null for a path no route serves.
        const route = app.findRoute({ method, url: path }) as ReturnType<
          typeof app.findRoute
        > | null
        // The page wildcard (`/*`) answers every GET; only a real API route counts.
        return route !== null && !('*' in route.params)
      })
      if (otherMethods.length > 0) {
        void reply.header('allow', otherMethods.join(', '))
        return send(request, reply, 'request.method_not_allowed')
      }
      return send(request, reply, 'request.not_found')
    })
  },
  { name: 'error-handler' },
)

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends the enveloped, translated error answer for a code. */
    sendError(
      request: FastifyRequest,
      reply: FastifyReply,
      code: ErrorCode,
      extra?: {
        fields?: Record<string, string[]>
        params?: Record<string, string | number>
        message?: string
      },
    ): Promise<FastifyReply>
  }
}
