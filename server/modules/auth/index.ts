// The auth module's public face: sessions and their stores, the guards every player or operator
// call starts with, TOTP and the second factor, the sign-in attempt limiter.
export {
  createPgSessionStore,
  type SessionStore,
  hashSessionCookie,
  SESSION_IDLE_TIMEOUT_MS,
  TOUCH_INTERVAL_MS,
  isTouchDue,
  type Session,
  type SessionOwner,
} from './sessions.ts'
export { createRedisSessionStore } from './redis-session-store.ts'
export {
  requireOperationsAccess,
  requirePlayerId,
  requireOperatorRole,
  requirePlayerSession,
} from './guards.ts'
export { totpCodeAt, verifyTotp, newTotpSecret, otpauthUrl } from './totp.ts'
export {
  createAttemptLimiter,
  LOGIN_ACCOUNT_LIMIT_FACTOR,
  LOGIN_RATE_WINDOW_MS,
} from './attempt-limiter.ts'
export { isTwoFactorOn, loadState, spendSecondFactor } from './two-factor.ts'
