// The realtime module's public face: what other modules import.
export { attachRealtime } from './realtime.ts'
export { signSocketToken, verifySocketClaims } from './socket-token.ts'
