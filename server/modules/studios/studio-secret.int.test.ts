import { randomBytes, randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '#db/client.ts'
import { seedGameId } from '#db/seed/games.ts'
import { isRandomSecret } from '#server/lib/secret-strength.ts'
import { accountBalance } from '#server/modules/ledger/index.ts'
import { createPlayer } from '#tests/factories/players.ts'
import { fundPlayer } from '#tests/factories/wallet.ts'
import { buildTestApp, type TestApp } from '#tests/helpers/build-test-app.ts'
import { providerCall, RETIRED_PUBLIC_STUDIO_SECRET } from '#tests/helpers/provider-api.ts'
import { testSecretBox } from '#tests/helpers/test-secrets.ts'
import { gameProviders } from '../catalogue/catalogue.tables.ts'
import { createLaunchToken } from './provider-wallet.ts'
import { RetiredStudioSecretError } from './studio-secret.ts'

// The Demo Studio's signing secret is the installation's own: the public development secret that
// earlier versions shipped signs nothing, and a database still holding it does not start.

const STUDIO = 'demo-studio'

async function sealStudioSecret(database: Database, secret: string | null) {
  await database.db
    .update(gameProviders)
    .set({ apiSecretSealed: secret === null ? null : testSecretBox.seal(secret) })
    .where(eq(gameProviders.id, STUDIO))
}

async function storedStudioSecret(database: Database): Promise<string | null> {
  const [row] = await database.db
    .select({ sealed: gameProviders.apiSecretSealed })
    .from(gameProviders)
    .where(eq(gameProviders.id, STUDIO))
  return row?.sealed ? testSecretBox.open(row.sealed) : null
}

/** A funded player's game session and a standing 1.00 EUR bet, signed with `secret`. */
async function betInPlay(t: TestApp, secret: string) {
  const player = await createPlayer(t.database.db)
  await fundPlayer(t.database.db, player.id, 'EUR', 100_00n)
  const { token } = await createLaunchToken(t.database.db, {
    playerId: player.id,
    gameId: seedGameId('starlight-spins'),
    currency: 'EUR',
  })
  const authenticated = await providerCall(t.app, 'authenticate', { token }, { secret })
  expect(authenticated.statusCode).toBe(200)
  const { session } = authenticated.json<{ session: string }>()
  const round = { session, player_id: player.id, currency: 'EUR', round_id: randomUUID() }
  const bet = await providerCall(
    t.app,
    'bet',
    { ...round, transaction_id: randomUUID(), amount: '100' },
    { secret },
  )
  expect(bet.statusCode).toBe(200)
  const cash = () =>
    accountBalance(t.database.db, { playerId: player.id, kind: 'cash', currency: 'EUR' })
  return { round, cash }
}

/** A win of 10,000.00 EUR signed with the retired public secret: refused, nothing paid. */
async function expectForgedWinRefused(t: TestApp, secret: string) {
  const { round, cash } = await betInPlay(t, secret)
  const before = await cash()
  const forged = await providerCall(
    t.app,
    'win',
    { ...round, transaction_id: randomUUID(), amount: '1000000' },
    { secret: RETIRED_PUBLIC_STUDIO_SECRET },
  )
  expect(forged.statusCode).toBe(401)
  expect(forged.json()).toMatchObject({ status: 'error', code: 'signature_invalid' })
  expect(await cash()).toBe(before)
  // The studio's own secret pays the same round: only the signature was wrong.
  const genuine = await providerCall(
    t.app,
    'win',
    { ...round, transaction_id: randomUUID(), amount: '500' },
    { secret },
  )
  expect(genuine.statusCode).toBe(200)
  expect(await cash()).toBe(before + 500n)
}

const holdingIt = (database: Database) => sealStudioSecret(database, RETIRED_PUBLIC_STUDIO_SECRET)

describe.each([
  ['on', {}],
  // Off too: the stored secret would still sign calls to the provider API.
  ['off', { DEMO_STUDIO: 'false' }],
])('a database holding the old public secret, the studio %s', (_, env) => {
  let refusal: unknown
  beforeAll(async () => {
    refusal = await buildTestApp({ beforeStart: holdingIt, env }).catch((error: unknown) => error)
  })

  it('is refused at start, with how to rotate the secret', () => {
    expect(refusal).toBeInstanceOf(RetiredStudioSecretError)
    expect((refusal as Error).message).toContain('DEMO_STUDIO_SECRET')
    expect((refusal as Error).message).toContain('npm run studio:rotate-secret')
  })
})

describe('a new installation', () => {
  let t: TestApp
  beforeAll(async () => {
    // The seed seals no studio secret; the start makes one.
    t = await buildTestApp({ beforeStart: (database) => sealStudioSecret(database, null) })
  })

  it('generates its own studio secret; a win signed with the old public secret is refused', async () => {
    const generated = await storedStudioSecret(t.database)
    expect(generated).not.toBeNull()
    expect(isRandomSecret(generated ?? '')).toBe(true)
    await expectForgedWinRefused(t, generated ?? '')
  })
})

describe('DEMO_STUDIO_SECRET', () => {
  const given = randomBytes(32).toString('base64url')
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp({
      beforeStart: (database) => sealStudioSecret(database, RETIRED_PUBLIC_STUDIO_SECRET),
      env: { DEMO_STUDIO_SECRET: given },
    })
  })

  it('replaces the stored secret at start, and the old one then signs nothing', async () => {
    expect(await storedStudioSecret(t.database)).toBe(given)
    await expectForgedWinRefused(t, given)
  })
})
