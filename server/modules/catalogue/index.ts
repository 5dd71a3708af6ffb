// The catalogue's public face: the games and their pages, and which are playable here.
export { catalogueRoutes, createGamesCatalogue, gameArtRoutes } from './catalogue.routes.ts'
export { findGameBySlug, type GamesCatalogue } from './catalogue.ts'
export { studioCode, type Studios } from './playable.ts'
