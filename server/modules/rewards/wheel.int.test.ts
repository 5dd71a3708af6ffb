import { createHash, createHmac, randomUUID } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { LOCALE_PREFIXES } from '#common/locales.ts'
import type { Prize } from '#common/rewards-rules.ts'
import { auditEvents } from '#server/modules/audit/audit.tables.ts'
import { accountBalance, checkBooks, COIN } from '#server/modules/ledger/index.ts'
import { playLimits } from '#server/modules/limits/limits.tables.ts'
import { notifications } from '#server/modules/notifications/notifications.tables.ts'
import { API_HEADERS, buildTestApp, type TestApp } from '#tests/helpers/build-test-app.ts'
import {
  createTask,
  drainDepsOf,
  drainOnce,
  everyLocale,
  forgetEngagementContent,
  insertBet,
} from '#tests/helpers/engagement.ts'
import {
  createOperator,
  createPlayer,
  signIn,
  signInOperator,
  type SignedInClient,
} from '#tests/factories/players.ts'
import { rewardsConsumers } from './index.ts'
import {
  lootboxes,
  lootboxPrizes,
  lootboxSources,
  playerLootboxes,
  playerWheels,
  rewardDraws,
  wheels,
  wheelSegments,
} from './rewards.tables.ts'
import { forgetRewardsContent } from './wheel-content.ts'

let t: TestApp
const db = () => t.database.db

const coins = (minor: number): Prize => ({ kind: 'coins', coinsMinor: String(minor) })
const SPIN_EVERY = 20_00n
const WEIGHTS = [200_000, 300_000, 500_000]
let wheelId: number
let segmentIds: number[]
let boxId: number
let boxPrizeIds: number[]

const forget = async () => {
  forgetRewardsContent(db())
  await t.app.bus.publish('rewards.content.changed', {})
}

beforeAll(async () => {
  t = await buildTestApp()
  // The test's own wheel goes first (sort -1), whatever the seed offers.
  const [wheel] = await db()
    .insert(wheels)
    .values({
      slug: `test-wheel-${randomUUID()}`,
      texts: everyLocale({ title: 'Test wheel', text: 'Spin it' }),
      spinEveryEurMinor: SPIN_EVERY,
      sort: -1,
    })
    .returning()
  if (!wheel) throw new Error('no wheel')
  wheelId = wheel.id
  const segments = await db()
    .insert(wheelSegments)
    .values(
      WEIGHTS.map((weight, sort) => ({
        wheelId,
        sort,
        prize: coins((sort + 1) * 100),
        weight,
        color: '#336699',
        texts: everyLocale({ label: `${sort + 1} coins` }),
      })),
    )
    .returning()
  segmentIds = segments.sort((a, b) => a.sort - b.sort).map((segment) => segment.id)
  const [box] = await db()
    .insert(lootboxes)
    .values({
      slug: `test-box-${randomUUID()}`,
      texts: everyLocale({ title: 'Test box', text: 'Open it', imageAlt: 'A box' }),
      imageUrl: '/lootboxes/bronze.svg',
      validDays: 7,
      sort: -1,
    })
    .returning()
  if (!box) throw new Error('no box')
  boxId = box.id
  const prizes = await db()
    .insert(lootboxPrizes)
    .values(
      [600_000, 400_000].map((weight, sort) => ({
        lootboxId: boxId,
        sort,
        prize: coins((sort + 1) * 500),
        weight,
        texts: everyLocale({ label: `Box prize ${sort + 1}` }),
      })),
    )
    .returning()
  boxPrizeIds = prizes.sort((a, b) => a.sort - b.sort).map((prize) => prize.id)
  await forget()
})

const errorOf = (response: { json: () => unknown }) =>
  response.json() as { errors: { code: string } }

const giveSpins = (playerId: string, spins: number) =>
  db()
    .insert(playerWheels)
    .values({ playerId, wheelId, spinsAvailable: spins })
    .onConflictDoUpdate({
      target: [playerWheels.playerId, playerWheels.wheelId],
      set: { spinsAvailable: spins },
    })

const standing = async (playerId: string) => {
  const [row] = await db()
    .select()
    .from(playerWheels)
    .where(and(eq(playerWheels.playerId, playerId), eq(playerWheels.wheelId, wheelId)))
  return row
}

const coinBalance = (playerId: string) =>
  accountBalance(db(), { playerId, kind: 'cash', currency: COIN })

const spin = (headers: Record<string, string>, lang = 'en') =>
  t.app.inject({ method: 'GET', url: `/${lang}/fortune-wheel/spin`, headers })

const giveBox = async (playerId: string, expiredAt = new Date(Date.now() + 86_400_000)) => {
  const [row] = await db()
    .insert(playerLootboxes)
    .values({
      id: randomUUID(),
      playerId,
      lootboxId: boxId,
      sourceKey: `test:${randomUUID()}`,
      expiredAt,
    })
    .returning()
  if (!row) throw new Error('no lootbox')
  return row
}

const claim = (client: SignedInClient, id: string) =>
  t.app.inject({
    method: 'POST',
    url: `/en/lootbox/player/claim/${id}`,
    headers: client.headers,
  })

/** A daily wager limit of 10 EUR, used up by a bet today. */
const bar = async (playerId: string) => {
  await db().insert(playLimits).values({
    playerId,
    kind: 'wager',
    period: 'day',
    currency: 'EUR',
    amountMinor: 10_00n,
  })
  await insertBet(db(), playerId, { stakeMinor: 10_00n })
}

const expectBooks = async () => {
  const books = await checkBooks(db())
  expect(books.isBalanced, JSON.stringify(books)).toBe(true)
}

/** The first uint32 of HMAC-SHA256(serverSeed, `clientSeed:nonce:0`), then the weighted walk. */
const recompute = (serverSeed: string, clientSeed: string, nonce: number, weights: number[]) => {
  const digest = createHmac('sha256', serverSeed).update(`${clientSeed}:${nonce}:0`).digest()
  const u32 = BigInt(digest.readUInt32BE(0))
  const sum = BigInt(weights.reduce((a, b) => a + b, 0))
  const r = (u32 * sum) >> 32n
  let running = 0n
  return weights.findIndex((weight) => (running += BigInt(weight)) > r)
}

describe('GET /{locale}/fortune-wheel', () => {
  it('shows a visitor the segments with their odds, no progress and no seed', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/de/fortune-wheel',
      headers: API_HEADERS,
    })
    expect(response.statusCode).toBe(200)
    const { data } = response.json<{ data: Record<string, unknown> }>()
    expect(data).toMatchObject({
      id: wheelId,
      title: 'Test wheel',
      progress: { progress: 0, expected: 20 },
      player_can_spin: false,
      spins_available: 0,
      seed: null,
    })
    expect(data.bonuses).toEqual(
      segmentIds.map((id, index) => ({
        id,
        bonus_id: id,
        label: `${index + 1} coins`,
        color: '#336699',
        prize: coins((index + 1) * 100),
        probability: [20, 30, 50][index],
      })),
    )
  })

  it('shows a player their progress, spins and the seed pair of the next spin', async () => {
    const player = await createPlayer(db())
    await db()
      .insert(playerWheels)
      .values({ playerId: player.id, wheelId, spinsAvailable: 2, progressEurMinor: 7_50n })
    const client = await signIn(t.app, player)
    const response = await t.app.inject({
      method: 'GET',
      url: '/en/fortune-wheel',
      headers: client.headers,
    })
    const { data } = response.json<{ data: Record<string, unknown> }>()
    expect(data).toMatchObject({
      progress: { progress: 7.5, expected: 20 },
      player_can_spin: true,
      spins_available: 2,
      seed: { server_seed_hash: expect.stringMatching(/^[0-9a-f]{64}$/) as unknown, nonce: 0 },
    })
  })

  it('answers 404 for a language the site does not have', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/xx/fortune-wheel',
      headers: API_HEADERS,
    })
    expect(response.statusCode).toBe(404)
    expect(errorOf(response).errors.code).toBe('site.unknown_locale')
  })
})

describe('GET /{locale}/fortune-wheel/spin', () => {
  it('spends a spin, pays the won segment and records a draw anyone can recompute', async () => {
    const player = await createPlayer(db())
    await giveSpins(player.id, 3)
    const client = await signIn(t.app, player)
    const wheelEvents: unknown[] = []
    const unsubscribe = t.app.bus.subscribe('wheel.progress', (event) => {
      if (event.playerId === player.id) wheelEvents.push(event)
    })
    const won: { drawId: string; segment: number }[] = []
    for (let index = 0; index < 3; index++) {
      const response = await spin(client.headers)
      expect(response.statusCode, response.body).toBe(200)
      const { data } = response.json<{
        data: {
          success: boolean
          bonus: { id: number; bonus_id: number }
          draw_id: string
          wheel: {
            spins_available: number
            bonuses: { bonus_id: number }[]
            seed: { nonce: number }
          }
        }
      }>()
      expect(data.success).toBe(true)
      expect(data.wheel.spins_available).toBe(2 - index)
      expect(data.wheel.bonuses.map((bonus) => bonus.bonus_id)).toEqual(segmentIds)
      expect(data.wheel.seed.nonce).toBe(index + 1)
      won.push({ drawId: data.draw_id, segment: data.bonus.bonus_id })
    }
    unsubscribe()
    expect(wheelEvents).toHaveLength(3)
    expect(await standing(player.id)).toMatchObject({ spinsAvailable: 0, spinsUsed: 3 })
    const paid = won.reduce((sum, entry) => sum + (segmentIds.indexOf(entry.segment) + 1) * 100, 0)
    expect(await coinBalance(player.id)).toBe(BigInt(paid))

    // Before the pair is rotated the server seed stays hidden.
    const hidden = await t.app.inject({
      method: 'GET',
      url: `/en/rewards/draws/${won[0]?.drawId}`,
      headers: client.headers,
    })
    expect(hidden.json<{ data: { server_seed: string | null } }>().data.server_seed).toBeNull()

    const rotated = await t.app.inject({
      method: 'POST',
      url: '/games/originals/seeds/rotate',
      headers: client.headers,
      payload: {},
    })
    expect(rotated.statusCode, rotated.body).toBe(200)
    for (const [nonce, entry] of won.entries()) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/en/rewards/draws/${entry.drawId}`,
        headers: client.headers,
      })
      expect(response.statusCode).toBe(200)
      const { data: draw } = response.json<{
        data: {
          kind: string
          server_seed: string
          server_seed_hash: string
          client_seed: string
          nonce: number
          weights: number[]
          entry_ids: number[]
          index: number
          prize: { id: number; label: string }
        }
      }>()
      expect(draw).toMatchObject({ kind: 'wheel', nonce, weights: WEIGHTS, entry_ids: segmentIds })
      expect(createHash('sha256').update(draw.server_seed).digest('hex')).toBe(
        draw.server_seed_hash,
      )
      const index = recompute(draw.server_seed, draw.client_seed, draw.nonce, draw.weights)
      expect(draw.index).toBe(index)
      expect(segmentIds[index]).toBe(entry.segment)
      expect(draw.prize).toMatchObject({ id: entry.segment, label: `${index + 1} coins` })
    }
    await expectBooks()
  })

  it('answers 409 wheel.no_spin without a spin, and changes nothing', async () => {
    const player = await createPlayer(db())
    const client = await signIn(t.app, player)
    const none = await spin(client.headers)
    expect(none.statusCode).toBe(409)
    expect(errorOf(none).errors.code).toBe('wheel.no_spin')
    await giveSpins(player.id, 0)
    expect(errorOf(await spin(client.headers)).errors.code).toBe('wheel.no_spin')
    expect(await coinBalance(player.id)).toBe(0n)
    const draws = await db().select().from(rewardDraws).where(eq(rewardDraws.playerId, player.id))
    expect(draws).toHaveLength(0)
  })

  it('answers 401 signed out and refuses a spin without the CSRF token', async () => {
    const visitor = await t.app.inject({
      method: 'GET',
      url: '/csrf/get-new',
      headers: API_HEADERS,
    })
    const cookie = visitor.cookies.map(({ name, value }) => `${name}=${value}`).join('; ')
    const token = visitor.json<{ '_csrf-frontend': string }>()['_csrf-frontend']
    const signedOut = await spin({ ...API_HEADERS, cookie, 'x-csrf-token': token })
    expect(signedOut.statusCode).toBe(401)
    expect(errorOf(signedOut).errors.code).toBe('auth.sign_in_required')
    const player = await createPlayer(db())
    await giveSpins(player.id, 1)
    const client = await signIn(t.app, player)
    const headers = Object.fromEntries(
      Object.entries(client.headers).filter(([name]) => name !== 'x-csrf-token'),
    )
    const response = await spin(headers)
    expect(response.statusCode).toBe(403)
    expect((await standing(player.id))?.spinsAvailable).toBe(1)
  })

  it('answers 409 rewards.barred for a player whose limits bar them from play', async () => {
    const player = await createPlayer(db())
    await giveSpins(player.id, 1)
    await bar(player.id)
    const client = await signIn(t.app, player)
    const response = await spin(client.headers)
    expect(response.statusCode).toBe(409)
    expect(errorOf(response).errors.code).toBe('rewards.barred')
    expect((await standing(player.id))?.spinsAvailable).toBe(1)
  })

  it('gives exactly as many spins as are waiting to 20 spins at once', async () => {
    const player = await createPlayer(db())
    await giveSpins(player.id, 5)
    const client = await signIn(t.app, player)
    const responses = await Promise.all(Array.from({ length: 20 }, () => spin(client.headers)))
    const codes = responses.map((response) => response.statusCode)
    expect(codes.filter((code) => code === 200)).toHaveLength(5)
    expect(codes.filter((code) => code === 409)).toHaveLength(15)
    expect(await standing(player.id)).toMatchObject({ spinsAvailable: 0, spinsUsed: 5 })
    const draws = await db().select().from(rewardDraws).where(eq(rewardDraws.playerId, player.id))
    expect(new Set(draws.map((draw) => draw.nonce)).size).toBe(5)
    await expectBooks()
  })
})

describe('lootboxes', () => {
  it('lists the kinds with their odds for visitors', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/en/lootbox/api',
      headers: API_HEADERS,
    })
    expect(response.statusCode).toBe(200)
    const kinds = response.json<{ data: { lootboxes: { api_lootbox_id: number }[] } }>().data
      .lootboxes
    expect(kinds[0]).toMatchObject({
      api_lootbox_id: boxId,
      title: 'Test box',
      valid_days: 7,
      prizes: [
        { id: boxPrizeIds[0], label: 'Box prize 1', probability: 60 },
        { id: boxPrizeIds[1], label: 'Box prize 2', probability: 40 },
      ],
    })
  })

  it('lists the player’s lootboxes, active first, an active one past its expiry as expired', async () => {
    const player = await createPlayer(db())
    const client = await signIn(t.app, player)
    const old = await giveBox(player.id, new Date(Date.now() - 1000))
    const fresh = await giveBox(player.id)
    const response = await t.app.inject({
      method: 'GET',
      url: '/en/lootbox/player',
      headers: client.headers,
    })
    const list = response.json<{ data: { lootboxes: { id: string; status: string }[] } }>().data
      .lootboxes
    expect(list.map((box) => [box.id, box.status])).toEqual([
      [fresh.id, 'active'],
      [old.id, 'expired'],
    ])
    const visitor = await t.app.inject({
      method: 'GET',
      url: '/en/lootbox/player',
      headers: API_HEADERS,
    })
    expect(visitor.statusCode).toBe(401)
  })

  it('opens a lootbox once, pays its prize and shows what it gave', async () => {
    const player = await createPlayer(db())
    const client = await signIn(t.app, player)
    const box = await giveBox(player.id)
    const response = await claim(client, box.id)
    expect(response.statusCode, response.body).toBe(200)
    const { data } = response.json<{
      data: {
        lootbox: { status: string; draw_id: string; prize: { id: number } }
        prize: { id: number; prize: Prize }
        index: number
        draw_id: string
      }
    }>()
    expect(data.lootbox.status).toBe('opened')
    expect(data.prize.id).toBe(boxPrizeIds[data.index])
    expect(data.lootbox.draw_id).toBe(data.draw_id)
    expect(await coinBalance(player.id)).toBe(BigInt((data.index + 1) * 500))

    const again = await claim(client, box.id)
    expect(again.statusCode).toBe(409)
    expect(errorOf(again).errors.code).toBe('lootbox.already_opened')
    expect(await coinBalance(player.id)).toBe(BigInt((data.index + 1) * 500))

    const list = await t.app.inject({
      method: 'GET',
      url: '/en/lootbox/player',
      headers: client.headers,
    })
    expect(list.json<{ data: { lootboxes: unknown[] } }>().data.lootboxes[0]).toMatchObject({
      id: box.id,
      status: 'opened',
      prize: { id: data.prize.id },
    })
    await expectBooks()
  })

  it('refuses an expired lootbox and marks it so', async () => {
    const player = await createPlayer(db())
    const client = await signIn(t.app, player)
    const box = await giveBox(player.id, new Date(Date.now() - 1000))
    const response = await claim(client, box.id)
    expect(response.statusCode).toBe(409)
    expect(errorOf(response).errors.code).toBe('lootbox.expired')
    const [row] = await db().select().from(playerLootboxes).where(eq(playerLootboxes.id, box.id))
    expect(row?.status).toBe('expired')
    expect(await coinBalance(player.id)).toBe(0n)
  })

  it('answers someone else’s lootbox like an unknown one, and checks the id', async () => {
    const owner = await createPlayer(db())
    const box = await giveBox(owner.id)
    const other = await signIn(t.app, await createPlayer(db()))
    for (const id of [box.id, randomUUID()]) {
      const response = await claim(other, id)
      expect(response.statusCode).toBe(404)
      expect(errorOf(response).errors.code).toBe('lootbox.not_found')
    }
    const [row] = await db().select().from(playerLootboxes).where(eq(playerLootboxes.id, box.id))
    expect(row?.status).toBe('active')
    const bad = await claim(other, 'not-a-uuid')
    expect(bad.statusCode).toBe(400)
  })

  it('refuses a barred player', async () => {
    const player = await createPlayer(db())
    const client = await signIn(t.app, player)
    const box = await giveBox(player.id)
    await bar(player.id)
    const response = await claim(client, box.id)
    expect(response.statusCode).toBe(409)
    expect(errorOf(response).errors.code).toBe('rewards.barred')
  })

  it('opens a lootbox once for 10 claims at the same time', async () => {
    const player = await createPlayer(db())
    const client = await signIn(t.app, player)
    const box = await giveBox(player.id)
    const responses = await Promise.all(Array.from({ length: 10 }, () => claim(client, box.id)))
    const codes = responses.map((response) => response.statusCode)
    expect(codes.filter((code) => code === 200)).toHaveLength(1)
    expect(codes.filter((code) => code === 409)).toHaveLength(9)
    const draws = await db().select().from(rewardDraws).where(eq(rewardDraws.playerId, player.id))
    expect(draws).toHaveLength(1)
    await expectBooks()
  })
})

describe('GET /{locale}/rewards/draws/{id}', () => {
  it('answers someone else’s draw and an unknown one alike, and needs a player', async () => {
    const owner = await createPlayer(db())
    await giveSpins(owner.id, 1)
    const ownerClient = await signIn(t.app, owner)
    const drawId = (await spin(ownerClient.headers)).json<{ data: { draw_id: string } }>().data
      .draw_id
    const other = await signIn(t.app, await createPlayer(db()))
    for (const id of [drawId, randomUUID()]) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/en/rewards/draws/${id}`,
        headers: other.headers,
      })
      expect(response.statusCode).toBe(404)
      expect(errorOf(response).errors.code).toBe('rewards.draw_not_found')
    }
    const visitor = await t.app.inject({
      method: 'GET',
      url: `/en/rewards/draws/${drawId}`,
      headers: API_HEADERS,
    })
    expect(visitor.statusCode).toBe(401)
  })
})

describe('the engine’s consumer', () => {
  const drain = () => drainOnce({ ...drainDepsOf(db(), t.app.bus), consumers: rewardsConsumers })
  const drainAll = async () => {
    while ((await drain()).taken > 0) {
      // Until the inbox is empty (level-ups come back as the next drain's events).
    }
  }
  const noticesOf = (playerId: string, type: 'fortune_wheel_spin_available' | 'lootbox_received') =>
    db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.playerId, playerId), eq(notifications.type, type)))

  it('fills progress from real-money stakes, adds spins and tells the player', async () => {
    const player = await createPlayer(db())
    await db().execute(sql`update players set locale = 'de' where id = ${player.id}`)
    const moved: { spins_available: number; progress: { progress: number } }[] = []
    const unsubscribe = t.app.bus.subscribe('wheel.progress', (event) => {
      if (event.playerId === player.id) moved.push(event)
    })
    // 5 EUR: progress only. Then 30 EUR of which 4 EUR bonus: 26 real → 31 EUR, one spin, 11 left.
    await insertBet(db(), player.id, { stakeMinor: 5_00n })
    await drainAll()
    expect(await standing(player.id)).toMatchObject({ progressEurMinor: 5_00n, spinsAvailable: 0 })
    expect(await noticesOf(player.id, 'fortune_wheel_spin_available')).toHaveLength(0)
    await insertBet(db(), player.id, { stakeMinor: 30_00n, bonusStakeMinor: 4_00n })
    await insertBet(db(), player.id, { stakeMinor: 3_00n, bonusStakeMinor: 3_00n })
    await drainAll()
    expect(await standing(player.id)).toMatchObject({ progressEurMinor: 11_00n, spinsAvailable: 1 })
    const notices = await noticesOf(player.id, 'fortune_wheel_spin_available')
    expect(notices).toHaveLength(1)
    expect(notices[0]).toMatchObject({ url: '/de/wheel/', btnText: 'Rad drehen' })
    expect(notices[0]?.text).toContain('Glücksrad')
    // 49 EUR more: 60 EUR, three spins, none left over.
    await insertBet(db(), player.id, { stakeMinor: 49_00n })
    await drainAll()
    expect(await standing(player.id)).toMatchObject({ progressEurMinor: 0n, spinsAvailable: 4 })
    unsubscribe()
    expect(moved.map((event) => [event.progress.progress, event.spins_available])).toEqual([
      [5, 0],
      [11, 1],
      [0, 4],
    ])
  })

  it('gives a barred player nothing', async () => {
    const player = await createPlayer(db())
    await bar(player.id)
    await insertBet(db(), player.id, { stakeMinor: 50_00n })
    await drainAll()
    expect(await standing(player.id)).toBeUndefined()
  })

  it('gives a level’s lootbox once, with a notification', async () => {
    const player = await createPlayer(db())
    await db()
      .insert(lootboxSources)
      .values({ sourceKind: 'level', sourceId: 97, lootboxId: boxId })
      .onConflictDoNothing()
    await forget()
    const levelUp = () =>
      db().execute(sql`
        insert into engagement_events (kind, source_id, player_id, data)
        values ('level_up', ${`${player.id}:97:${randomUUID()}`}, ${player.id}, '{"level": 97}'::jsonb)`)
    await levelUp()
    await drainAll()
    // The same level reported again (a level set back by hand and reached again) gives nothing.
    await levelUp()
    await drainAll()
    const boxes = await db()
      .select()
      .from(playerLootboxes)
      .where(eq(playerLootboxes.playerId, player.id))
    expect(boxes).toHaveLength(1)
    expect(boxes[0]).toMatchObject({ lootboxId: boxId, status: 'active' })
    const notices = await noticesOf(player.id, 'lootbox_received')
    expect(notices).toHaveLength(1)
    expect(notices[0]?.text).toContain('Test box')
  })

  it('gives a quest task’s lootbox when the task is paid', async () => {
    const player = await createPlayer(db())
    const { template } = await createTask(db(), { triggers: [{ expected: 1n }] })
    await db()
      .insert(lootboxSources)
      .values({ sourceKind: 'quest_template', sourceId: template.id, lootboxId: boxId })
    await forget()
    // The engine's quests are cached; this app runs no engine to drop them on the bus' message.
    forgetEngagementContent(db())
    await insertBet(db(), player.id, { stakeMinor: 1_00n })
    await drainAll()
    const boxes = await db()
      .select()
      .from(playerLootboxes)
      .where(eq(playerLootboxes.playerId, player.id))
    expect(boxes).toHaveLength(1)
    expect(boxes[0]?.sourceKey).toContain(`quest:${player.id}:${template.id}:`)
    expect(await noticesOf(player.id, 'lootbox_received')).toHaveLength(1)
  })
})

describe('operators’ wheel and lootbox calls', () => {
  let admin: SignedInClient
  beforeAll(async () => {
    admin = await signInOperator(t.app, await createOperator(db(), ['admin']))
  })
  const texts = <F extends string>(fields: Record<F, string>) =>
    Object.fromEntries(LOCALE_PREFIXES.map((prefix) => [prefix, fields]))
  const wheelBody = (overrides: Record<string, unknown> = {}) => ({
    slug: `wheel-${randomUUID().slice(0, 8)}`,
    sort: 50,
    is_enabled: false,
    spin_every_eur_minor: '2500',
    texts: texts({ title: 'Wheel', text: 'Spin' }),
    segments: [
      { prize: coins(100), weight: 600_000, color: '#AA3300', texts: texts({ label: 'One' }) },
      {
        prize: { kind: 'wheel_spin', spins: 1 },
        weight: 400_000,
        color: '#00aa33',
        texts: texts({ label: 'Again' }),
      },
    ],
    ...overrides,
  })
  const call = (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: unknown,
    headers = admin.headers,
  ) =>
    t.app.inject({
      method,
      url,
      headers,
      ...(payload !== undefined && { payload: payload as object }),
    })

  it('needs an admin', async () => {
    expect((await call('GET', '/admin/api/wheels', undefined, API_HEADERS)).statusCode).toBe(401)
    const support = await signInOperator(t.app, await createOperator(db(), ['support']))
    expect((await call('GET', '/admin/api/lootboxes', undefined, support.headers)).statusCode).toBe(
      403,
    )
  })

  it('creates and replaces a wheel, keeping segments by id, audited', async () => {
    const created = await call('POST', '/admin/api/wheels', wheelBody())
    expect(created.statusCode, created.body).toBe(200)
    const wheel = created.json<{
      data: { wheel: { id: number; slug: string; segments: { id: number }[] } }
    }>().data.wheel
    expect(wheel.segments).toHaveLength(2)
    const kept = wheel.segments[1]?.id
    const replaced = await call(
      'PUT',
      `/admin/api/wheels/${wheel.id}`,
      wheelBody({
        slug: wheel.slug,
        segments: [
          {
            id: kept,
            prize: coins(200),
            weight: 1,
            color: '#112233',
            texts: texts({ label: 'Kept' }),
          },
          { prize: coins(300), weight: 3, color: '#445566', texts: texts({ label: 'New' }) },
        ],
      }),
    )
    expect(replaced.statusCode, replaced.body).toBe(200)
    const after = replaced.json<{
      data: { wheel: { segments: { id: number; weight: number }[] } }
    }>().data.wheel
    expect(after.segments[0]).toMatchObject({ id: kept, weight: 1 })
    expect(after.segments).toHaveLength(2)
    const audits = await db()
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'wheel.replaced'))
    expect(audits.length).toBeGreaterThan(0)
  })

  it('refuses bad bodies with their codes and writes nothing', async () => {
    const taken = wheelBody()
    expect((await call('POST', '/admin/api/wheels', taken)).statusCode).toBe(200)
    const cases: [unknown, string][] = [
      [wheelBody({ slug: taken.slug }), 'rewards.slug_taken'],
      [wheelBody({ segments: [] }), 'rewards.odds_invalid'],
      [
        wheelBody({
          segments: [
            { prize: coins(100), weight: 0, color: '#000000', texts: texts({ label: 'x' }) },
          ],
        }),
        'rewards.odds_invalid',
      ],
      [
        wheelBody({
          segments: [
            {
              prize: { kind: 'cash', eurMinor: '100000000' },
              weight: 1,
              color: '#000000',
              texts: texts({ label: 'x' }),
            },
          ],
        }),
        'rewards.invalid_prize',
      ],
      [
        wheelBody({
          segments: [
            {
              prize: { kind: 'lootbox', lootboxId: 999_999 },
              weight: 1,
              color: '#000000',
              texts: texts({ label: 'x' }),
            },
          ],
        }),
        'rewards.invalid_prize',
      ],
      [
        wheelBody({ texts: { en: { title: 'Only English', text: 'x' } } }),
        'rewards.texts_incomplete',
      ],
      [wheelBody({ spin_every_eur_minor: '0' }), 'request.invalid'],
      [
        wheelBody({
          segments: [
            { prize: { kind: 'coins' }, weight: 1, color: '#000000', texts: texts({ label: 'x' }) },
          ],
        }),
        'request.invalid',
      ],
    ]
    const before = await db().select({ id: wheels.id }).from(wheels)
    for (const [body, code] of cases) {
      const response = await call('POST', '/admin/api/wheels', body)
      expect(response.statusCode, code).toBeGreaterThanOrEqual(400)
      expect(response.statusCode, code).toBeLessThan(500)
      expect(errorOf(response).errors.code, code).toBe(code)
    }
    expect(await db().select({ id: wheels.id }).from(wheels)).toHaveLength(before.length)
    const unknown = await call('PUT', '/admin/api/wheels/999999', wheelBody())
    expect(errorOf(unknown).errors.code).toBe('rewards.not_found')
  })

  it('refuses to drop a segment a draw picked', async () => {
    const player = await createPlayer(db())
    await giveSpins(player.id, 1)
    const client = await signIn(t.app, player)
    const won = (await spin(client.headers)).json<{ data: { bonus: { id: number } } }>().data.bonus
      .id
    const list = await call('GET', '/admin/api/wheels')
    const ours = list
      .json<{ data: { wheels: { id: number; slug: string; segments: { id: number }[] }[] } }>()
      .data.wheels.find((wheel) => wheel.id === wheelId)
    if (!ours) throw new Error('the test wheel is not listed')
    const response = await call(
      'PUT',
      `/admin/api/wheels/${wheelId}`,
      wheelBody({
        slug: ours.slug,
        sort: 0,
        is_enabled: true,
        segments: [
          {
            ...(ours.segments.find((segment) => segment.id !== won) ?? {}),
          },
        ],
      }),
    )
    expect(response.statusCode).toBe(409)
    expect(errorOf(response).errors.code).toBe('rewards.in_use')
  })

  it('creates a lootbox with its prizes and sources', async () => {
    const body = {
      slug: `box-${randomUUID().slice(0, 8)}`,
      sort: 10,
      is_enabled: true,
      valid_days: 14,
      image_url: '/lootboxes/silver.svg',
      texts: texts({ title: 'Box', text: 'Open', imageAlt: 'A box' }),
      prizes: [{ prize: coins(100), weight: 1, texts: texts({ label: 'Coins' }) }],
      sources: [{ source_kind: 'level', source_id: 98 }],
    }
    const created = await call('POST', '/admin/api/lootboxes', body)
    expect(created.statusCode, created.body).toBe(200)
    expect(created.json<{ data: { lootbox: unknown } }>().data.lootbox).toMatchObject({
      valid_days: 14,
      sources: [{ source_kind: 'level', source_id: 98 }],
    })
    const bad = await call('POST', '/admin/api/lootboxes', {
      ...body,
      slug: 'other-box',
      prizes: [],
    })
    expect(errorOf(bad).errors.code).toBe('rewards.odds_invalid')
  })
})

describe('the seed', () => {
  it('holds the Aurum wheel and three chests, each odds table summing to a million', async () => {
    const [aurum] = await db().select().from(wheels).where(eq(wheels.slug, 'aurum'))
    expect(aurum?.spinEveryEurMinor).toBe(20_00n)
    const segments = await db()
      .select()
      .from(wheelSegments)
      .where(eq(wheelSegments.wheelId, aurum?.id ?? 0))
    expect(segments).toHaveLength(8)
    expect(segments.reduce((sum, segment) => sum + segment.weight, 0)).toBe(1_000_000)
    expect(new Set(segments.map((segment) => segment.prize.kind))).toEqual(
      new Set(['coins', 'bonus', 'free_spins', 'lootbox', 'wheel_spin', 'cash']),
    )
    for (const slug of ['bronze', 'silver', 'gold']) {
      const [kind] = await db().select().from(lootboxes).where(eq(lootboxes.slug, slug))
      const prizes = await db()
        .select()
        .from(lootboxPrizes)
        .where(eq(lootboxPrizes.lootboxId, kind?.id ?? 0))
      expect(prizes.length, slug).toBeGreaterThanOrEqual(4)
      expect(prizes.length, slug).toBeLessThanOrEqual(6)
      expect(
        prizes.reduce((sum, prize) => sum + prize.weight, 0),
        slug,
      ).toBe(1_000_000)
      for (const prize of prizes) {
        expect(
          new Set(LOCALE_PREFIXES.map((locale) => prize.texts[locale].label)).size,
        ).toBeGreaterThan(5)
      }
    }
    const sources = await db()
      .select()
      .from(lootboxSources)
      .where(eq(lootboxSources.sourceKind, 'level'))
    expect(sources.map((source) => source.sourceId)).toEqual(expect.arrayContaining([2, 4, 6]))
    for (const page of ['fortune-wheel', 'lootboxes']) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/ar-en/page/get-page-components?url=${page}`,
        headers: API_HEADERS,
      })
      expect(response.statusCode, page).toBe(200)
      expect(response.body).toMatch(/[\u0600-\u06ff]/)
    }
  })
})
