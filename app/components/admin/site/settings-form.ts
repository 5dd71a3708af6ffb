import type { SiteSettings } from './site-types.ts'

/** Euro cents as the form shows them: `2000.00`. */
export const eurosOf = (minor: number) => (minor / 100).toFixed(2)

/** An amount typed in euros (`2000`, `2000.5`, `2 000,50`) in cents; undefined when it is not one. */
export function minorOf(typed: string): number | undefined {
  const text = typed.replace(/[\s\u00a0]/g, '').replace(',', '.')
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return undefined
  const [whole = '0', fraction = ''] = text.split('.')
  const minor = Number(whole) * 100 + Number(fraction.padEnd(2, '0'))
  return Number.isSafeInteger(minor) ? minor : undefined
}

/**
 * Only the settings that differ from the saved ones: the server asks for the admin role when a
 * setting that moves money is sent, so a content operator's form must not send those unchanged.
 */
export function changedSettings(saved: SiteSettings, next: SiteSettings): Partial<SiteSettings> {
  const changed: Partial<SiteSettings> = {}
  for (const key of Object.keys(next) as (keyof SiteSettings)[]) {
    if (JSON.stringify(saved[key]) !== JSON.stringify(next[key])) {
      Object.assign(changed, { [key]: next[key] })
    }
  }
  return changed
}
