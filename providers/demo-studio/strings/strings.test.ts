import { describe, expect, it } from 'vitest'
import { catalogueOf, STUDIO_LANGUAGES } from './index.ts'

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort()

describe('the studio strings', () => {
  const english = catalogueOf('en')
  it.each(STUDIO_LANGUAGES.filter((language) => language !== 'en'))(
    '%s has every English key, with the same placeholders, and no English copy of a sentence',
    (language) => {
      const strings = catalogueOf(language)
      expect(Object.keys(strings).sort()).toEqual(Object.keys(english).sort())
      for (const [key, text] of Object.entries(english)) {
        const translated = strings[key] ?? ''
        expect(translated.trim(), `${language}.${key}`).not.toBe('')
        expect(placeholders(translated), `${language}.${key}`).toEqual(placeholders(text))
        // Short words (RTP, Wild, OK) may be the same; a sentence left in English may not.
        if (text.split(' ').length > 3) expect(translated, `${language}.${key}`).not.toBe(text)
      }
    },
  )
})
