// The catalogue's public face: the games and their pages, which are playable here, and the
// maximum win per bet every game pays at most.
export { catalogueRoutes, createGamesCatalogue, gameArtRoutes } from './catalogue.routes.ts'
export { findGameBySlug, type GamesCatalogue } from './catalogue.ts'
export { studioCode, type Studios } from './playable.ts'
export { capWin, createWinCaps, type MaxWinOf, type WinCaps } from './win-caps.ts'
