/**
 * The demo player, printed in the README so a fresh install can be tried at once. Note: it exists
 * only where the demo seed runs (`SEED_DEMO`, on by default); production sets it to false. The
 * demo operator's password and 2FA secret come from the environment or are generated and printed
 * once at the first start.
 */
export const DEMO_PLAYER = {
  email: 'demo@aurum.example',
  password: 'Demo-Player-2026',
  firstName: 'Alex',
  lastName: 'Morgan',
} as const

export const DEMO_OPERATOR_EMAIL = 'operator@aurum.example'
