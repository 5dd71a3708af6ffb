import type { FastifyRequest, RouteOptions } from 'fastify'
import { AppError } from '#server/lib/errors.ts'
import { detectCountry } from './geo.ts'

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Refuse this call from a blocked country (the site's `blockedCountries`): `play` for
     * sign-in, deposits and bets, `withdrawal` for withdrawals (its own message: the money is
     * safe and can be taken out from elsewhere).
     */
    countryCheck?: 'play' | 'withdrawal'
  }
}

export interface CountryGuardOptions {
  /** A trusted proxy's country header, as for the CSRF fetch. */
  header: string | undefined
  /** The site's blocked countries; cached in memory by the site service. */
  blockedCountries: () => Promise<readonly string[]>
}

/**
 * An `onRoute` hook that gives every route whose config names a `countryCheck` an `onRequest`
 * check: a request from a blocked country gets 403 before its body is read, so nothing changes.
 * Note: on the bet path it costs a header read (or an in-memory GeoIP lookup) and the cached
 * settings, no database round trip.
 */
export function countryGuard(options: CountryGuardOptions) {
  return (route: RouteOptions): void => {
    const check = route.config?.countryCheck
    if (!check) return
    const code =
      check === 'withdrawal'
        ? 'geo.withdrawal_unavailable_in_country'
        : 'geo.unavailable_in_country'
    const refuseBlocked = async (request: FastifyRequest) => {
      const country = detectCountry(request, { header: options.header })
      if (country && (await options.blockedCountries()).includes(country)) {
        throw new AppError(code)
      }
    }
    route.onRequest = [route.onRequest ?? []].flat().concat(refuseBlocked)
  }
}
