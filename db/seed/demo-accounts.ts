/**
 * The demo player, printed in the README so a fresh install can be tried at once. Note: it exists
 * only where `SEED_DEMO` is on (by default outside a public start; a public start seeds it only
 * when SEED_DEMO=true). The demo operator's password and 2FA secret come from the environment
 * (required on a public start) or are generated and printed once at the first start.
 */
export const DEMO_PLAYER = {
  email: 'demo@aurum.example',
  password: 'Demo-Player-2026',
  firstName: 'Alex',
  lastName: 'Morgan',
} as const

export const DEMO_OPERATOR_EMAIL = 'operator@aurum.example'
