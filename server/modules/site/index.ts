// The site's public face for other modules and flows (only what they use).
export {
  textsFrom,
  textsIn,
  wordingOfEveryLocale,
  type TextParams,
  type Texts,
  type Wording,
} from './locale-text.ts'
export { type SiteService, DEFAULT_SETTINGS, createSiteService } from './site.service.ts'
export { loadShippedMessages } from './translations.ts'
export { LangParamsSchema, type SiteSettings } from './site.contract.ts'
export { languageOf } from './language-of.ts'
