// The bets module's public face: the `bets` table every game writes, how a game's money becomes
// ledger transfers, the maximum win per bet every game pays at most, how a placed bet is answered
// and announced, the player's bet history, and what the play limits count.
export { betHistoryRoutes } from './bets.routes.ts'
export { betTransfer } from './bet-transfers.ts'
export { capWin, createWinCaps, type MaxWinOf, type WinCaps } from './win-caps.ts'
export { playUsageRows, settledStakesSince } from './play-usage.ts'
export { announce, answerPlacedBet, toWireBet, type PlacedBet } from './bet-answers.ts'
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
