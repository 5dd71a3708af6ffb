import { createSecretBox, deriveDataKey } from '#server/lib/secret-box.ts'

/** The session secret every test app runs with. */
export const TEST_SESSION_SECRET = 'test-secret-that-is-long-enough-0123456789'

/** The sealing key test apps use (derived from the test session secret, as the app does). */
export const testSecretBox = createSecretBox(deriveDataKey(TEST_SESSION_SECRET))
