import { createSecretBox, deriveDataKey } from '#server/lib/secret-box.ts'

/** The session secret every test app runs with. */
export const TEST_SESSION_SECRET = 'test-secret-that-is-long-enough-0123456789'

/** The sealing key test apps use (derived from the test session secret, as the app does). */
export const testSecretBox = createSecretBox(deriveDataKey(TEST_SESSION_SECRET))

/**
 * The Demo Studio's signing secret in test databases (the run's seed seals it). A test fixture:
 * real installations generate their own or take DEMO_STUDIO_SECRET.
 */
export const TEST_DEMO_STUDIO_SECRET = 'jPrCc204qOPgz9h3Nz6gge-BX095k2qy4AAKR3v5cM8'
