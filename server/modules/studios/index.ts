// The studios' public face: the seamless wallet's routes and protocol (sessions, refusals, first
// answers) that `server/flows/settle-studio-round.ts` builds on, the request signing, and the
// Demo Studio's secret.
export { providerApiRoutes, providerLaunchRoutes } from './provider-wallet.routes.ts'
export {
  answerRepeat,
  createLaunchToken,
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
export { memoryNonceStore, redisNonceStore } from './provider-signing.ts'
export {
  RetiredStudioSecretError,
  newStudioSecret,
  settleStudioSecret,
  storeSecret,
} from './studio-secret.ts'
