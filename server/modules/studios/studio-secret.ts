import { createHash, randomBytes } from 'node:crypto'
import { and, eq, isNull } from 'drizzle-orm'
import type { Db } from '#db/client.ts'
import type { SecretBox } from '#server/lib/secret-box.ts'
import { gameProviders } from '../catalogue/catalogue.tables.ts'

// The signing secret of a studio served from this process (the Demo Studio): it is this
// installation's own, sealed in `game_providers` beside the secrets of outside studios.

/**
 * SHA-256 of the development secret earlier versions shipped in the repository and sealed into
 * every database they seeded. It is public, so a database that still holds it is refused: anyone
 * could sign a `win` with it. Only its hash is kept here, to recognise it.
 */
const RETIRED_PUBLIC_SECRET_SHA256 =
  '4a2eb379a7bb76570f937d8bdebccf5720dc73a3a2407d1eac5d312dac4f66b0'

export const ROTATE_STUDIO_SECRET_COMMAND = 'npm run studio:rotate-secret'

export function isRetiredPublicSecret(secret: string): boolean {
  return createHash('sha256').update(secret).digest('hex') === RETIRED_PUBLIC_SECRET_SHA256
}

/** The start stops: the database holds a studio secret that was published. */
export class RetiredStudioSecretError extends Error {
  constructor(providerId: string) {
    super(
      [
        `The database holds the public development secret of the studio "${providerId}", which`,
        'earlier versions shipped in the repository: anyone could sign seamless-wallet calls (a',
        'win of any amount) with it. Aurum will not start until it is rotated. Either:',
        '  - set DEMO_STUDIO_SECRET to a new secret (openssl rand -base64 32) and start again:',
        '    the start seals it in place of the old one; or',
        `  - stop the site and run \`${ROTATE_STUDIO_SECRET_COMMAND}\`, which seals a new random`,
        '    secret in the database.',
      ].join('\n'),
    )
    this.name = 'RetiredStudioSecretError'
  }
}

/** A new secret: 32 random bytes, base64url. */
export function newStudioSecret(): string {
  return randomBytes(32).toString('base64url')
}

async function storedSecret(
  db: Db,
  secretBox: SecretBox,
  providerId: string,
): Promise<{ exists: boolean; secret: string | null }> {
  const [row] = await db
    .select({ sealed: gameProviders.apiSecretSealed })
    .from(gameProviders)
    .where(eq(gameProviders.id, providerId))
  if (!row) return { exists: false, secret: null }
  return { exists: true, secret: row.sealed ? secretBox.open(row.sealed) : null }
}

/**
 * The studio's signing secret for this installation, settled at start-up: `given` (the
 * environment's) replaces what is stored; else the stored one; else, when `generate`, a new random
 * one is sealed (the first instance to store it wins, the others read it). Null when there is
 * none (or the studio is not in the catalogue). A stored secret that is the retired public one
 * stops the start unless `given` replaces it.
 */
export async function settleStudioSecret(
  db: Db,
  secretBox: SecretBox,
  options: { providerId: string; given: string | undefined; generate: boolean },
): Promise<string | null> {
  const { providerId, given } = options
  const stored = await storedSecret(db, secretBox, providerId)
  if (!stored.exists) return null
  if (given !== undefined) {
    if (stored.secret !== given) await storeSecret(db, secretBox, providerId, given)
    return given
  }
  if (stored.secret !== null && isRetiredPublicSecret(stored.secret)) {
    throw new RetiredStudioSecretError(providerId)
  }
  if (stored.secret !== null || !options.generate) return stored.secret
  await db
    .update(gameProviders)
    .set({ apiSecretSealed: secretBox.seal(newStudioSecret()) })
    .where(and(eq(gameProviders.id, providerId), isNull(gameProviders.apiSecretSealed)))
  return (await storedSecret(db, secretBox, providerId)).secret
}

/** Seals `secret` as the studio's, in place of any other; calls signed with the old one fail. */
export async function storeSecret(
  db: Db,
  secretBox: SecretBox,
  providerId: string,
  secret: string,
): Promise<boolean> {
  const rows = await db
    .update(gameProviders)
    .set({ apiSecretSealed: secretBox.seal(secret) })
    .where(eq(gameProviders.id, providerId))
    .returning({ id: gameProviders.id })
  return rows.length > 0
}

/**
 * Seals `secret` for each of a studio's brands (provider ids) that does not hold it yet: a studio
 * presenting several brands signs each brand's calls with its one secret. Brands missing from the
 * catalogue are skipped.
 */
export async function shareStudioSecret(
  db: Db,
  secretBox: SecretBox,
  options: { providerIds: readonly string[]; secret: string },
): Promise<void> {
  for (const providerId of options.providerIds) {
    const stored = await storedSecret(db, secretBox, providerId)
    if (stored.exists && stored.secret !== options.secret) {
      await storeSecret(db, secretBox, providerId, options.secret)
    }
  }
}
