// The bets module's public face: what other modules import.
export {
  type WireBet,
  ClientRequestIdSchema,
  BetSchema,
  DiceBetResponseSchema,
  DiceBetBodySchema,
  RotateSeedBodySchema,
  RotateSeedResponseSchema,
  SeedPairResponseSchema,
} from './bets.contract.ts'
export { announce, answerPlacedBet, toWireBet } from './bet-answers.ts'
export { betTransfer } from './bet-transfers.ts'
export { playUsageRows, settledStakesSince } from './play-usage.ts'
export { type BetRow, type PlacedBet, seedOfBet, toBetSeed } from './bet-rows.ts'
export { createWinCaps, capWin, type MaxWinOf, type WinCaps } from './win-caps.ts'
