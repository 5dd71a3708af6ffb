// The bets module's public face: the `bets` table every game writes, how a game's money becomes
// ledger transfers, how a placed bet is answered and announced, and what the play limits count.
export { betTransfer, type BetMoney, type BetMoneyInput } from './bet-transfers.ts'
export { playUsageRows, settledStakesSince } from './play-usage.ts'
export {
  announce,
  answerPlacedBet,
  seedOfBet,
  toBetSeed,
  toWireBet,
  type BetSeed,
  type PlacedBet,
} from './bet-answers.ts'
export {
  BetSchema,
  ClientRequestIdSchema,
  DiceBetBodySchema,
  DiceBetResponseSchema,
  RotateSeedBodySchema,
  RotateSeedResponseSchema,
  SeedPairResponseSchema,
  type WireBet,
} from './bets.contract.ts'
export type { BetRow } from './bets.tables.ts'
