import { countries } from 'countries-list'

/** A country: code, name, telephone code, and a flag derived from the lower-cased code. */
export interface Country {
  code: string
  name: string
  telephone_code: string
  flag: string
}

/** The flag's image, drawn by the flag-icons project and served from `/flags/`. */
export const flagUrl = (code: string) => `/flags/${code.toLowerCase()}.svg`

const cache = new Map<string, Country[]>()

/** Every country, named in the player's language and sorted for it. */
export function listCountries(localeTag: string): Country[] {
  const cached = cache.get(localeTag)
  if (cached) return cached
  const names = new Intl.DisplayNames([localeTag], { type: 'region', fallback: 'code' })
  const list = Object.entries(countries)
    .map(([code, data]) => ({
      code,
      name: names.of(code) ?? data.name,
      telephone_code: `+${String(data.phone[0] ?? '')}`,
      flag: flagUrl(code),
    }))
    .sort((a, b) => a.name.localeCompare(b.name, localeTag))
  cache.set(localeTag, list)
  return list
}
