// The cards renderers' words, in every language of strings/index.ts (English first: its keys
// are the part's keys).
export const CARDS_STRINGS = {
  en: {},
  de: {},
  fr: {},
  pt: {},
  nb: {},
  pl: {},
  fi: {},
  ar: {},
  it: {},
  et: {},
} as const
