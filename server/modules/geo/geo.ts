import geoip from 'geoip-country'

export interface CountryLookupOptions {
  /** A trusted proxy's country header (e.g. `cf-ipcountry`); only set it behind such a proxy. */
  header: string | undefined
}

/**
 * The visitor's ISO country code: from the configured trusted proxy header when present, else from
 * the bundled GeoIP database; undefined for private or unknown addresses.
 */
export function detectCountry(
  request: { headers: Record<string, string | string[] | undefined>; ip: string },
  options: CountryLookupOptions,
): string | undefined {
  if (options.header) {
    const value = request.headers[options.header]
    const code = (Array.isArray(value) ? value[0] : value)?.trim().toUpperCase()
    if (code && /^[A-Z]{2}$/.test(code)) return code
  }
  return geoip.lookup(request.ip)?.country || undefined
}
