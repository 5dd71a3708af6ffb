// The slots renderers' words, in every language of strings/index.ts (English first: its keys
// are the part's keys).
export const SLOTS_STRINGS = {
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
