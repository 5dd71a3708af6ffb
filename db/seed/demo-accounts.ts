/**
 * Demo accounts, printed in the README so a fresh install can be tried at once. Note: they exist
 * only where the demo seed runs (`SEED_DEMO`, on by default); production sets it to false.
 */
export const DEMO_ACCOUNTS = {
  player: { email: 'demo@aurum.example', password: 'Demo-Player-2026', firstName: 'Alex' },
  operator: { email: 'operator@aurum.example', password: 'Demo-Operator-2026', firstName: 'Sam' },
} as const
