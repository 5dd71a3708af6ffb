// The realtime module's public face: socket tokens (signed for the page, checked on connect).
export { signSocketToken, verifySocketClaims } from './socket-token.ts'
