// The catalogue module's public face: what other modules import.
export { createGamesCatalogue } from './catalogue.routes.ts'
export { type Studios, studioCode } from './playable.ts'
export { findGameBySlug, type GamesCatalogue } from './catalogue.ts'
