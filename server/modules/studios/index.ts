// The studios module's public face: what other modules import, and the seamless wallet's
// protocol (sessions, refusals, first answers) that `server/flows/settle-studio-round.ts` builds on.
export { settleStudioSecret, RetiredStudioSecretError } from './studio-secret.ts'
export {
  answerRepeat,
  sameMoneyCall,
  createLaunchToken,
  endStudioSessions,
  refusal,
  refused,
  sessionFor,
  stakeLimits,
  type Effects,
  type ProviderAnswer,
  type Session,
  type StudioRounds,
} from './provider-wallet.ts'
export type {
  BetBody,
  ProviderErrorAnswer,
  RollbackBody,
  TransactionAnswer,
  WinBody,
} from './provider-wallet.contract.ts'
export {
  addFreeSpinWin,
  grantFreeSpins,
  lockFreeRound,
  playerFreeSpins,
  returnFreeSpin,
  takeFreeSpin,
  type FreeSpinsGrant,
} from './free-spins.ts'
export {
  FreeSpinsResponseSchema,
  PlayerFreeSpinsSchema,
  type PlayerFreeSpins,
} from './free-spins.routes.ts'
