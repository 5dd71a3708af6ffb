// The Originals' public face: their routes, the seed pairs' sealing at start-up, stake ranges,
// and the provably fair engines the live games, the RTP simulation and the checks reuse.
export { originalsRoutes, RouletteBetSchema, type WireMinesRound } from './originals.routes.ts'
export { diceAndSeedRoutes } from './dice-and-seeds.routes.ts'
export { sealGameSecrets } from './seal-game-secrets.ts'
export { engineStakeRanges } from './stake-ranges.ts'
export { serverSeedOf } from './seeds.ts'
export {
  assertStakeInRange,
  assertStakeWithinPlayLimits,
  originalStakeRange,
} from './instant-bets.ts'
export { STATED_RTP, simulateRtp, type OriginalGame } from './engines/rtp.ts'
export { uint32Stream } from './engines/fairness.ts'
export { rouletteSpin } from './engines/roulette.ts'
export { minePositions, minesPayout } from './engines/mines.ts'
