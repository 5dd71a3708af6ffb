// The site's public face for other modules and flows (only what they use).
export { textsFrom, textsIn, type TextParams, type Texts } from './locale-text.ts'
