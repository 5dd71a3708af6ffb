import { z } from 'zod'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { AppError } from '#server/lib/errors.ts'
import { envelopeOf, okWith } from '#server/lib/envelope.ts'
import { detectCountry } from '#server/modules/geo/geo.ts'
import type { SiteService } from '#server/modules/site/site.service.ts'

export interface AuthRoutesOptions {
  site: SiteService
  countryHeader: string | undefined
}

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (
  app,
  { site, countryHeader },
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
}
