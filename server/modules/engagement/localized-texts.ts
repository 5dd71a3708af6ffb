import { LOCALE_PREFIXES } from '#common/locales.ts'
import { AppError, type ErrorCode } from '#server/lib/errors.ts'
import type { LocalizedTexts } from './engagement.tables.ts'

/**
 * An operator's texts as stored: every one of the 16 locales with every field non-empty
 * (trimmed), or the caller's error (`quests.texts_incomplete`, `rewards.texts_incomplete`)
 * naming the first locale at fault. Keys that are not a locale prefix are dropped.
 */
export function completeTexts<F extends string>(
  texts: Record<string, Partial<Record<F, string>>>,
  fields: readonly F[],
  incomplete: ErrorCode = 'quests.texts_incomplete',
): LocalizedTexts<F> {
  const entries = LOCALE_PREFIXES.map((locale) => {
    const entry = texts[locale]
    const values = fields.map((field) => [field, (entry?.[field] ?? '').trim()] as const)
    if (values.some(([, value]) => value === '')) {
      throw new AppError(incomplete, { params: { locale } })
    }
    return [locale, Object.fromEntries(values)] as const
  })
  return Object.fromEntries(entries) as LocalizedTexts<F>
}
