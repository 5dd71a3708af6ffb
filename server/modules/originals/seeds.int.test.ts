import { randomUUID } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '#tests/helpers/build-test-app.ts'
import { fundedClient as fundedClientOf, fundPlayer } from '#tests/factories/wallet.ts'
import { createPlayer, testSecretBox, type SignedInClient } from '#tests/factories/players.ts'
import { uuidv7 } from '#server/lib/ids.ts'
import type { SecretBox } from '#server/lib/secret-box.ts'
import { DEFAULT_SETTINGS } from '#server/modules/site/index.ts'
import { loadRates } from '#server/modules/wallet/index.ts'
import { hashChains } from '../live/live.tables.ts'
import type { WireBet } from '../bets/index.ts'
import { fairnessSeeds } from './originals.tables.ts'
import {
  chainFrom,
  createLiveEngine,
  LIVE_TIMING_DEFAULTS,
  type LiveEngine,
} from '../live/index.ts'
import { diceRoll } from './engines/dice.ts'
import { hashServerSeed, newServerSeed } from './engines/fairness.ts'
import { placeDiceBet } from './place-dice-bet.ts'
import { sealGameSecrets } from './seal-game-secrets.ts'
import { forgetSeedState } from './seeds.ts'
import { createWinCaps } from '../bets/index.ts'

// Server seeds and hash-chain secrets are sealed at rest (issue 19): what the tables hold, that
// play and verification still work, and the conversion of rows stored before sealing.

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})

const engines: LiveEngine[] = []
afterAll(async () => {
  await Promise.all(engines.map((engine) => engine.stop()))
})

const HEX_SECRET = /^[0-9a-f]{64}$/

const post = (client: SignedInClient, url: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url, headers: client.headers, payload })

const betDice = (client: SignedInClient) =>
  post(client, '/games/originals/dice/bet', {
    amount: '100',
    currency: 'EUR',
    target: 5000,
    direction: 'over',
    client_request_id: randomUUID(),
  })

const pairsOf = (playerId: string) =>
  t.database.db.select().from(fairnessSeeds).where(eq(fairnessSeeds.playerId, playerId))

/** A box that counts how often it opens a sealed value. */
function countingBox(): SecretBox & { opened: number } {
  const box = {
    opened: 0,
    seal: (plain: string) => testSecretBox.seal(plain),
    open: (sealed: string) => {
      box.opened++
      return testSecretBox.open(sealed)
    },
  }
  return box
}

describe('Server seeds at rest', () => {
  it('keeps a pair in use sealed, plays and verifies with it, and reveals it on rotation', async () => {
    const { player, client } = await fundedClientOf(t)
    const placed = await betDice(client)
    expect(placed.statusCode).toBe(200)
    const { bet } = placed.json<{ data: { bet: WireBet } }>().data

    const [pair] = await pairsOf(player.id)
    if (!pair?.serverSeedSealed) throw new Error('no sealed seed')
    // The raw row holds no plain seed: only the sealed form, which opens to the committed seed.
    expect(pair.serverSeed).toBeNull()
    expect(pair.serverSeedSealed).not.toMatch(/[0-9a-f]{64}/)
    const serverSeed = testSecretBox.open(pair.serverSeedSealed)
    expect(serverSeed).toMatch(HEX_SECRET)
    expect(hashServerSeed(serverSeed)).toBe(pair.serverSeedHash)
    expect(bet.server_seed).toBeNull()
    expect(bet.outcome.roll).toBe(
      diceRoll({ serverSeed, clientSeed: pair.clientSeed, nonce: bet.nonce ?? -1 }),
    )

    const rotated = await post(client, '/games/originals/seeds/rotate', {})
    expect(rotated.statusCode).toBe(200)
    expect(rotated.json()).toMatchObject({
      data: { revealed: { server_seed: serverSeed, server_seed_hash: pair.serverSeedHash } },
    })
    const [revealed] = (await pairsOf(player.id)).filter((row) => row.id === pair.id)
    expect(revealed).toMatchObject({ serverSeed, serverSeedSealed: null })

    const verify = await t.app.inject({
      method: 'GET',
      url: `/games/originals/bets/${bet.id}`,
      headers: client.headers,
    })
    expect(verify.json()).toMatchObject({ data: { server_seed: serverSeed } })
    // The new pair is sealed too, and bets go on with it.
    expect((await betDice(client)).statusCode).toBe(200)
    const current = (await pairsOf(player.id)).find((row) => row.revealedAt === null)
    expect(current).toMatchObject({ serverSeed: null })
    expect(current?.serverSeedSealed).toMatch(/^v1\./)
  })

  it('opens the server seed once per pair, not once per bet', async () => {
    const player = await createPlayer(t.database.db)
    await fundPlayer(t.database.db, player.id, 'EUR', 100_00n)
    const box = countingBox()
    const rates = await loadRates(t.database.db)
    forgetSeedState(t.database.db, player.id)
    for (let bet = 0; bet < 5; bet++) {
      await placeDiceBet(t.database.db, box, rates, {
        playerId: player.id,
        currency: 'EUR',
        stakeMinor: 100n,
        bet: { target: 5000, direction: 'over' },
        clientRequestId: randomUUID(),
        maxWinMinor: BigInt(DEFAULT_SETTINGS.maxWinPerBetEurMinor),
      })
    }
    expect(box.opened).toBe(1)
  })
})

describe('Hash-chain secrets at rest', () => {
  it('stores a new chain’s secret sealed, and the chain it seals is the published one', async () => {
    const engine = createLiveEngine({
      db: t.database.db,
      secretBox: testSecretBox,
      bus: t.app.bus,
      log: t.app.log,
      game: 'live_roulette',
      timings: LIVE_TIMING_DEFAULTS,
      chainLength: 50,
      winCaps: createWinCaps(t.database.db, () => t.app.site.settings()),
    })
    engines.push(engine)
    engine.start()
    let chain: typeof hashChains.$inferSelect | undefined
    for (let wait = 0; wait < 100 && !chain; wait++) {
      ;[chain] = await t.database.db
        .select()
        .from(hashChains)
        .where(eq(hashChains.game, 'live_roulette'))
      if (!chain) await sleep(20)
    }
    await engine.stop()
    if (!chain) throw new Error('no chain was committed')
    expect(chain.secretSeedSealed).toMatch(/^v1\./)
    expect(chain.secretSeedSealed).not.toMatch(/[0-9a-f]{64}/)
    const secret = testSecretBox.open(chain.secretSeedSealed)
    expect((await chainFrom(secret, chain.length)).terminalHash).toBe(chain.terminalHash)
  })
})

describe('Sealing secrets stored before sealing (start-up)', () => {
  it('seals plain seeds in use and chain secrets, leaves revealed seeds public, and is idempotent', async () => {
    const { player, client } = await fundedClientOf(t)
    const [inUse, revealed] = [newServerSeed(), newServerSeed()]
    const chainSecret = newServerSeed()
    const chain = await chainFrom(chainSecret, 50)
    // Rows as the tables held them before sealing.
    await t.database.db.insert(fairnessSeeds).values([
      {
        id: uuidv7(),
        playerId: player.id,
        serverSeed: revealed,
        serverSeedHash: hashServerSeed(revealed),
        clientSeed: 'old',
        revealedAt: new Date(),
      },
      {
        id: uuidv7(),
        playerId: player.id,
        serverSeed: inUse,
        serverSeedHash: hashServerSeed(inUse),
        clientSeed: 'current',
      },
    ])
    await t.database.db.insert(hashChains).values({
      game: 'crash',
      secretSeedSealed: chainSecret,
      length: 50,
      terminalHash: chain.terminalHash,
    })

    expect(await sealGameSecrets(t.database.db, testSecretBox)).toEqual({ seeds: 1, chains: 1 })
    const pairs = await pairsOf(player.id)
    const current = pairs.find((row) => row.revealedAt === null)
    expect(current).toMatchObject({ serverSeed: null, clientSeed: 'current' })
    expect(testSecretBox.open(current?.serverSeedSealed ?? '')).toBe(inUse)
    expect(pairs.find((row) => row.revealedAt !== null)).toMatchObject({
      serverSeed: revealed,
      serverSeedSealed: null,
    })
    const [sealedChain] = await t.database.db
      .select()
      .from(hashChains)
      .where(eq(hashChains.game, 'crash'))
    expect(testSecretBox.open(sealedChain?.secretSeedSealed ?? '')).toBe(chainSecret)

    // A second start changes nothing.
    expect(await sealGameSecrets(t.database.db, testSecretBox)).toEqual({ seeds: 0, chains: 0 })
    const [again] = await t.database.db
      .select()
      .from(hashChains)
      .where(eq(hashChains.game, 'crash'))
    expect(again?.secretSeedSealed).toBe(sealedChain?.secretSeedSealed)

    // Bets go on with the converted pair: the roll is the one its (now sealed) seed gives.
    forgetSeedState(t.database.db, player.id)
    const placed = await betDice(client)
    const { bet } = placed.json<{ data: { bet: WireBet } }>().data
    expect(bet.outcome.roll).toBe(diceRoll({ serverSeed: inUse, clientSeed: 'current', nonce: 0 }))
  })
})
