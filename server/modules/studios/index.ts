// The studios module's public face: what other modules import.
export { settleStudioSecret, RetiredStudioSecretError } from './studio-secret.ts'
export { createLaunchToken } from './provider-wallet.ts'
