// The originals module's public face: what other modules import.
export { assertStakeInRange, assertBetAllowed, originalStakeRange } from './instant-bets.ts'
export { engineStakeRanges } from './stake-ranges.ts'
export { type WireMinesRound, RouletteBetSchema } from './originals.routes.ts'
export { minePositions, minesPayout } from './engines/mines.ts'
export { activeSeedPair, serverSeedOf, takeNonce } from './seeds.ts'
export { rouletteSpin } from './engines/roulette.ts'
export { hashServerSeed, newServerSeed, uint32Stream } from './engines/fairness.ts'
export { sealGameSecrets } from './seal-game-secrets.ts'
