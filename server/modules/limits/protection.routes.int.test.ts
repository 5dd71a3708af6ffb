import { randomUUID } from 'node:crypto'
import { and, eq, gt } from 'drizzle-orm'
import { beforeAll, describe, expect, inject, it } from 'vitest'
import { API_HEADERS, buildTestApp, type TestApp } from '#tests/helpers/build-test-app.ts'
import { createPlayer, signIn, type SignedInClient } from '#tests/factories/players.ts'
import { fundedClient as fundedClientOf } from '#tests/factories/wallet.ts'
import { seedGameId } from '#db/seed/games.ts'
import { uuidv7 } from '#server/lib/ids.ts'
import { auditEvents } from '#server/modules/audit/audit.tables.ts'
import { bets } from '#server/modules/bets/bets.tables.ts'
import { createLaunchToken } from '#server/modules/studios/index.ts'
import { providerLaunchTokens } from '#server/modules/studios/studios.tables.ts'
import type { ProtectionState } from './protection.contract.ts'
import { playerProtection, protectionEvents } from './limits.tables.ts'

// The players' protection calls through the HTTP API (issue 26): every call with its bad inputs,
// and the rules a break, the reality check and the play-time limit follow. Time moves by writing
// the row's timestamps, as the calls would have written them earlier.

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})

const MINUTE_MS = 60_000
const HOUR_MS = 60 * MINUTE_MS
const DAY_MS = 24 * HOUR_MS

type Headers = Record<string, string>
interface Answer<T> {
  success: boolean
  data: T
  message: string | null
  errors: { code: string; fields?: Record<string, string[]> } | null
}

const call = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Headers, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers,
    ...(payload !== undefined && { payload: payload as Record<string, unknown> }),
  })

async function signedInPlayer(overrides: { country?: string } = {}) {
  const player = await createPlayer(t.database.db, overrides)
  return { player, client: await signIn(t.app, player) }
}

const stateOf = async (client: SignedInClient) => {
  const response = await call('GET', '/player/protection', client.headers)
  expect(response.statusCode).toBe(200)
  return response.json<Answer<ProtectionState>>().data
}

const takeBreak = (client: SignedInClient, kind: string, period: string, password?: string) =>
  call('POST', '/player/protection/break', client.headers, {
    kind,
    period,
    password: password ?? 'Factory-Password-1',
  })

const rowOf = async (playerId: string) => {
  const [row] = await t.database.db
    .select()
    .from(playerProtection)
    .where(eq(playerProtection.playerId, playerId))
  return row
}

const eventsOf = (playerId: string) =>
  t.database.db
    .select()
    .from(protectionEvents)
    .where(eq(protectionEvents.playerId, playerId))
    .orderBy(protectionEvents.at)

const openStudioSessions = async (playerId: string) =>
  (
    await t.database.db
      .select()
      .from(providerLaunchTokens)
      .where(
        and(
          eq(providerLaunchTokens.playerId, playerId),
          gt(providerLaunchTokens.expiresAt, new Date()),
        ),
      )
  ).length

/** Moves the player's stored times back by `ms`, as if every call had happened that long ago. */
async function movePast(playerId: string, ms: number) {
  const row = await rowOf(playerId)
  if (!row) throw new Error('no protection row')
  const back = (date: Date | null) => (date === null ? null : new Date(date.getTime() - ms))
  await t.database.db
    .update(playerProtection)
    .set({
      breakStartedAt: back(row.breakStartedAt),
      breakUntil: back(row.breakUntil),
      lapseRequestedAt: back(row.lapseRequestedAt),
      sessionStartedAt: back(row.sessionStartedAt),
      realityCheckDueAt: back(row.realityCheckDueAt),
      playTimePendingFrom: back(row.playTimePendingFrom),
    })
    .where(eq(playerProtection.playerId, playerId))
}

const expectNear = (iso: string | null | undefined, expectedMs: number, slackMs = 10_000) => {
  expect(iso).toBeTruthy()
  expect(Math.abs(new Date(iso ?? 0).getTime() - expectedMs)).toBeLessThan(slackMs)
}

describe('who may call', () => {
  it('answers a visitor 401 and a write without the CSRF token 403, changing nothing', async () => {
    const visitor = await call('GET', '/player/protection', API_HEADERS)
    expect(visitor.statusCode).toBe(401)
    expect(visitor.json()).toMatchObject({ errors: { code: 'auth.sign_in_required' } })
    const anonymousBreak = await call('POST', '/player/protection/break', API_HEADERS, {
      kind: 'time_out',
      period: '24h',
      password: 'x',
    })
    expect([401, 403]).toContain(anonymousBreak.statusCode)

    const { player, client } = await signedInPlayer()
    const noCsrf = { ...client.headers }
    delete noCsrf['x-csrf-token']
    for (const [method, url, payload] of [
      ['POST', '/player/protection/break', { kind: 'time_out', period: '24h', password: 'x' }],
      ['POST', '/player/protection/lapse', undefined],
      ['PUT', '/player/protection/reality-check', { minutes: 30 }],
      ['POST', '/player/protection/reality-check/continue', undefined],
      ['PUT', '/player/protection/play-time', { minutes: 60 }],
      ['POST', '/player/protection/limit-prompt', { answer: 'declined' }],
      ['POST', '/player/protection/close', { password: 'x', reason: 'other' }],
    ] as const) {
      const response = await call(method, url, noCsrf, payload)
      expect(response.statusCode, url).toBe(403)
      expect(response.json(), url).toMatchObject({ errors: { code: 'csrf.invalid' } })
    }
    const row = await rowOf(player.id)
    expect(row?.breakKind ?? null).toBeNull()
    expect(row?.realityCheckMinutes ?? null).toBeNull()
  })

  it('answers the state of a fresh player: free to play, nothing set, the sign-in counted', async () => {
    const { client } = await signedInPlayer()
    const state = await stateOf(client)
    expect(state).toMatchObject({
      bar: null,
      break: null,
      jurisdiction: {
        code: 'default',
        slot_min_cycle_ms: 0,
        slot_autoplay: true,
        slot_turbo: true,
      },
      reality_check: { minutes: null, default_minutes: null, optional: true, due_at: null },
      play_time: {
        limit_minutes: null,
        pending_minutes: null,
        pending_from: null,
        used_seconds: 0,
      },
      limit_prompt_answered: false,
      server_time: expect.any(String) as unknown,
    })
    expectNear(state.reality_check.signed_in_at, Date.now())
    expectNear(state.server_time, Date.now())
  })
  it('documents every protection call, with what it refuses', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json<{
      paths: Record<string, Record<string, { summary?: string; description?: string }>>
    }>()
    const calls = [
      ['get', '/player/protection'],
      ['post', '/player/protection/break'],
      ['post', '/player/protection/lapse'],
      ['put', '/player/protection/reality-check'],
      ['get', '/player/protection/reality-check'],
      ['post', '/player/protection/reality-check/continue'],
      ['put', '/player/protection/play-time'],
      ['post', '/player/protection/limit-prompt'],
      ['post', '/player/protection/close'],
      ['get', '/admin/api/players/{id}/protection'],
      ['post', '/admin/api/players/{id}/protection/reopen'],
    ] as const
    for (const [method, path] of calls) {
      const operation = document.paths[path]?.[method]
      expect(operation?.summary, `${method} ${path}`).toBeTruthy()
      expect(operation?.description, `${method} ${path}`).toBeTruthy()
    }
    const close = document.paths['/player/protection/close']?.post?.description
    expect(close).toContain('protection.close_balance')
    expect(close).toContain('Bonus money is forfeited')
    expect(document.paths['/player/protection/break']?.post?.description).toContain(
      'protection.break_shorter',
    )
  })
})

describe('breaks', () => {
  it('refuses an unknown kind or period, a period of the other kind and a wrong password', async () => {
    const { player, client } = await signedInPlayer()
    for (const [kind, period] of [
      ['holiday', '24h'],
      ['time_out', '2d'],
      ['time_out', '6m'],
      ['self_exclusion', '6w'],
    ]) {
      const response = await takeBreak(client, kind ?? '', period ?? '')
      expect(response.statusCode, `${kind} ${period}`).toBe(400)
      expect(response.json()).toMatchObject({ errors: { code: 'request.invalid' } })
    }
    const missingPassword = await call('POST', '/player/protection/break', client.headers, {
      kind: 'time_out',
      period: '24h',
    })
    expect(missingPassword.statusCode).toBe(400)

    const wrong = await takeBreak(client, 'time_out', '24h', 'not-my-password')
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json()).toMatchObject({
      success: false,
      message: 'Your current password is not correct.',
      errors: { code: 'players.password_incorrect', fields: { password: [expect.any(String)] } },
    })
    expect((await stateOf(client)).break).toBeNull()
    expect(await eventsOf(player.id)).toEqual([])
    const audited = await t.database.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.playerId, player.id),
          eq(auditEvents.action, 'protection.password_failed'),
        ),
      )
    expect(audited).toHaveLength(1)
  })

  it('limits password guesses per player, as the password change does (429)', async () => {
    const { client } = await signedInPlayer()
    // LOGIN_RATE_LIMIT_MAX is 10 in 15 minutes by default.
    for (let i = 0; i < 10; i += 1) {
      expect((await takeBreak(client, 'time_out', '24h', `guess-${String(i)}`)).statusCode).toBe(
        400,
      )
    }
    const limited = await takeBreak(client, 'time_out', '24h')
    expect(limited.statusCode).toBe(429)
    expect(limited.json()).toMatchObject({ errors: { code: 'request.rate_limited' } })
    expect((await stateOf(client)).break).toBeNull()
  })

  it('starts a time-out at once, keeps the player signed in and ends open studio sessions', async () => {
    const { player, client } = await signedInPlayer()
    await createLaunchToken(t.database.db, {
      playerId: player.id,
      gameId: seedGameId('starlight-spins'),
      currency: 'EUR',
    })
    expect(await openStudioSessions(player.id)).toBe(1)
    const response = await takeBreak(client, 'time_out', '24h')
    expect(response.statusCode).toBe(200)
    const state = response.json<Answer<ProtectionState>>().data
    expect(state.bar).toBe('time_out')
    expect(state.break).toMatchObject({
      kind: 'time_out',
      period: '24h',
      lapse_requested_at: null,
      can_request_lapse: false,
    })
    expectNear(state.break?.until, Date.now() + DAY_MS)
    expect(state.break?.opens_at).toBe(state.break?.until)
    // Still signed in: the balance and withdrawals stay reachable.
    expect((await call('GET', '/player/info', client.headers)).statusCode).toBe(200)
    expect(await openStudioSessions(player.id)).toBe(0)
    const events = await eventsOf(player.id)
    expect(events.map((event) => [event.kind, event.actor])).toEqual([['break_started', 'player']])
    expect(events[0]?.detail).toMatchObject({ kind: 'time_out', period: '24h' })
    const audited = await t.database.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.playerId, player.id),
          eq(auditEvents.action, 'protection.break_started'),
        ),
      )
    expect(audited).toHaveLength(1)
  })

  it('never shortens a time-out, and extends it with a longer one', async () => {
    const { player, client } = await signedInPlayer()
    expect((await takeBreak(client, 'time_out', '1w')).statusCode).toBe(200)
    const before = await rowOf(player.id)

    const shorter = await takeBreak(client, 'time_out', '24h')
    expect(shorter.statusCode).toBe(409)
    expect(shorter.json()).toMatchObject({ errors: { code: 'protection.break_shorter' } })
    // The wait is said in words: a week less a moment is "7 days" rounded up.
    expect(shorter.json<Answer<null>>().message).toContain('7 days')
    const after = await rowOf(player.id)
    expect(after?.breakUntil).toEqual(before?.breakUntil)
    expect(after?.breakPeriod).toBe('1w')

    const longer = await takeBreak(client, 'time_out', '6w')
    expect(longer.statusCode).toBe(200)
    const state = longer.json<Answer<ProtectionState>>().data
    expect(state.break).toMatchObject({ kind: 'time_out', period: '6w' })
    expectNear(state.break?.until, Date.now() + 42 * DAY_MS)
    expect((await eventsOf(player.id)).map((event) => event.kind)).toEqual([
      'break_started',
      'break_extended',
    ])
  })

  it('lets a self-exclusion replace a time-out, but never a time-out a self-exclusion', async () => {
    const { player, client } = await signedInPlayer()
    expect((await takeBreak(client, 'time_out', '6w')).statusCode).toBe(200)
    const excluded = await takeBreak(client, 'self_exclusion', '6m')
    expect(excluded.statusCode).toBe(200)
    const state = excluded.json<Answer<ProtectionState>>().data
    expect(state.bar).toBe('self_exclusion')
    expect(state.break).toMatchObject({
      kind: 'self_exclusion',
      period: '6m',
      opens_at: null,
      can_request_lapse: false,
    })
    const before = await rowOf(player.id)

    for (const period of ['24h', '1w', '1m', '6w']) {
      const timeOut = await takeBreak(client, 'time_out', period)
      expect(timeOut.statusCode, period).toBe(409)
      expect(timeOut.json()).toMatchObject({ errors: { code: 'protection.break_shorter' } })
    }
    const after = await rowOf(player.id)
    expect(after?.breakKind).toBe('self_exclusion')
    expect(after?.breakUntil).toEqual(before?.breakUntil)

    // A shorter self-exclusion than the one in force is refused too; a longer one extends it.
    expect((await takeBreak(client, 'self_exclusion', '1y')).statusCode).toBe(200)
    const shorter = await takeBreak(client, 'self_exclusion', '6m')
    expect(shorter.statusCode).toBe(409)
    expect((await rowOf(player.id))?.breakPeriod).toBe('1y')
  })
})

describe('the lapse of a self-exclusion', () => {
  it('is refused without a self-exclusion, during a time-out and before the period has run', async () => {
    const { client } = await signedInPlayer()
    const none = await call('POST', '/player/protection/lapse', client.headers)
    expect(none.statusCode).toBe(409)
    expect(none.json()).toMatchObject({ errors: { code: 'protection.no_lapse' } })

    expect((await takeBreak(client, 'time_out', '24h')).statusCode).toBe(200)
    const duringTimeOut = await call('POST', '/player/protection/lapse', client.headers)
    expect(duringTimeOut.json()).toMatchObject({ errors: { code: 'protection.no_lapse' } })

    expect((await takeBreak(client, 'self_exclusion', '6m')).statusCode).toBe(200)
    const early = await call('POST', '/player/protection/lapse', client.headers)
    expect(early.statusCode).toBe(409)
    expect(early.json()).toMatchObject({ errors: { code: 'protection.lapse_too_early' } })
    expect(early.json<Answer<null>>().message).toMatch(/\d+ days/)
    expect((await stateOf(client)).break?.lapse_requested_at).toBeNull()
  })

  it('reopens play only 24 hours after the request, and only once', async () => {
    const { player, client } = await signedInPlayer()
    expect((await takeBreak(client, 'self_exclusion', '6m')).statusCode).toBe(200)
    // Seven months on: the period has run, but the exclusion holds until the player asks.
    await movePast(player.id, 213 * DAY_MS)
    const waiting = await stateOf(client)
    expect(waiting.bar).toBe('self_exclusion')
    expect(waiting.break).toMatchObject({ opens_at: null, can_request_lapse: true })

    const lapse = await call('POST', '/player/protection/lapse', client.headers)
    expect(lapse.statusCode).toBe(200)
    const coolingOff = lapse.json<Answer<ProtectionState>>().data
    expect(coolingOff.bar).toBe('self_exclusion')
    expect(coolingOff.break?.can_request_lapse).toBe(false)
    expectNear(coolingOff.break?.lapse_requested_at, Date.now())
    expectNear(coolingOff.break?.opens_at, Date.now() + DAY_MS)

    const twice = await call('POST', '/player/protection/lapse', client.headers)
    expect(twice.statusCode).toBe(409)
    expect(twice.json()).toMatchObject({ errors: { code: 'protection.no_lapse' } })

    // 23 hours after the request: still excluded. 24 hours after: free to play.
    await movePast(player.id, 23 * HOUR_MS)
    expect((await stateOf(client)).bar).toBe('self_exclusion')
    await movePast(player.id, HOUR_MS + MINUTE_MS)
    const reopened = await stateOf(client)
    expect(reopened.bar).toBeNull()
    expect(reopened.break).toBeNull()
    expect((await eventsOf(player.id)).map((event) => event.kind)).toEqual([
      'break_started',
      'lapse_requested',
    ])
  })
})

describe('the reality check', () => {
  it('is off by default outside the UK and Malta; an interval is set and can be turned off', async () => {
    const { player, client } = await signedInPlayer()
    for (const minutes of [7, 0, 150, '30', 30.5]) {
      const refused = await call('PUT', '/player/protection/reality-check', client.headers, {
        minutes,
      })
      expect(refused.statusCode, String(minutes)).toBe(400)
    }
    const set = await call('PUT', '/player/protection/reality-check', client.headers, {
      minutes: 30,
    })
    expect(set.statusCode).toBe(200)
    const state = set.json<Answer<ProtectionState>>().data
    expect(state.reality_check.minutes).toBe(30)
    expectNear(state.reality_check.due_at, Date.now() + 30 * MINUTE_MS)

    const off = await call('PUT', '/player/protection/reality-check', client.headers, {
      minutes: null,
    })
    expect(off.statusCode).toBe(200)
    expect(off.json<Answer<ProtectionState>>().data.reality_check).toMatchObject({
      minutes: null,
      due_at: null,
    })
    expect((await rowOf(player.id))?.realityCheckMinutes).toBe(0)
  })

  it('is on for a UK player from sign-in, and cannot be turned off there', async () => {
    const { player, client } = await signedInPlayer({ country: 'GB' })
    const state = await stateOf(client)
    expect(state.jurisdiction).toEqual({
      code: 'uk',
      slot_min_cycle_ms: 2500,
      slot_autoplay: false,
      slot_turbo: false,
    })
    expect(state.reality_check).toMatchObject({ minutes: 60, default_minutes: 60, optional: false })
    expectNear(state.reality_check.due_at, Date.now() + HOUR_MS)
    expect((await rowOf(player.id))?.checksPlay).toBe(true)

    const off = await call('PUT', '/player/protection/reality-check', client.headers, {
      minutes: null,
    })
    expect(off.statusCode).toBe(409)
    expect(off.json()).toMatchObject({ errors: { code: 'protection.reality_check_required' } })
    expect((await stateOf(client)).reality_check.minutes).toBe(60)

    const shorter = await call('PUT', '/player/protection/reality-check', client.headers, {
      minutes: 15,
    })
    expect(shorter.json<Answer<ProtectionState>>().data.reality_check.minutes).toBe(15)
  })

  it('bars play once due, until the player continues; continuing moves the next one on', async () => {
    const { player, client } = await signedInPlayer({ country: 'MT' })
    await movePast(player.id, 61 * MINUTE_MS)
    const due = await stateOf(client)
    expect(due.bar).toBe('reality_check')
    // Changing the interval does not answer a check already due.
    const changed = await call('PUT', '/player/protection/reality-check', client.headers, {
      minutes: 90,
    })
    expect(changed.json<Answer<ProtectionState>>().data.bar).toBe('reality_check')

    const answered = await call('POST', '/player/protection/reality-check/continue', client.headers)
    expect(answered.statusCode).toBe(200)
    const state = answered.json<Answer<ProtectionState>>().data
    expect(state.bar).toBeNull()
    expectNear(state.reality_check.due_at, Date.now() + 90 * MINUTE_MS)
    expect((await eventsOf(player.id)).map((event) => event.kind)).toEqual([
      'reality_check_set',
      'reality_check_answered',
    ])
  })

  it('sums the real-money bets since sign-in in the wallet currency', async () => {
    const { player, client } = await fundedClientOf(t, 100_00n)
    // A bet from before this sign-in is not counted.
    await t.database.db.insert(bets).values({
      id: uuidv7(),
      playerId: player.id,
      game: 'dice',
      round: 'test',
      currency: 'EUR',
      stakeMinor: 5_00n,
      payoutMinor: 0n,
      multiplierBp: 0,
      clientRequestId: randomUUID(),
      outcome: {},
      createdAt: new Date(Date.now() - HOUR_MS),
    })
    for (const amount of ['100', '250', '50']) {
      const bet = await call('POST', '/games/originals/dice/bet', client.headers, {
        amount,
        currency: 'EUR',
        target: 5000,
        direction: 'under',
        client_request_id: randomUUID(),
      })
      expect(bet.statusCode, bet.body).toBe(200)
    }
    const placed = await t.database.db
      .select()
      .from(bets)
      .where(
        and(eq(bets.playerId, player.id), gt(bets.createdAt, new Date(Date.now() - MINUTE_MS))),
      )
    const won = placed.reduce((sum, bet) => sum + bet.payoutMinor, 0n)

    const response = await call('GET', '/player/protection/reality-check', client.headers)
    expect(response.statusCode).toBe(200)
    const summary = response.json<Answer<Record<string, unknown>>>().data
    expect(summary).toMatchObject({
      currency: 'EUR',
      bets: 3,
      staked: '400',
      won: won.toString(),
      net: (won - 400n).toString(),
      due_at: null,
    })
    expect(summary.elapsed_seconds).toEqual(expect.any(Number))
    expect(summary.elapsed_seconds).toBeLessThan(60)
  })
})

describe('the daily play-time limit', () => {
  it('applies a first or lower limit at once, and waits 24 hours to raise or remove it', async () => {
    const { player, client } = await signedInPlayer()
    for (const minutes of [14, 1441, 60.5, '60']) {
      const refused = await call('PUT', '/player/protection/play-time', client.headers, { minutes })
      expect(refused.statusCode, String(minutes)).toBe(400)
    }
    const set = async (minutes: number | null) => {
      const response = await call('PUT', '/player/protection/play-time', client.headers, {
        minutes,
      })
      expect(response.statusCode).toBe(200)
      return response.json<Answer<ProtectionState>>().data.play_time
    }
    expect(await set(60)).toMatchObject({ limit_minutes: 60, pending_minutes: null })
    expect(await set(30)).toMatchObject({ limit_minutes: 30, pending_minutes: null })
    const raise = await set(120)
    expect(raise).toMatchObject({ limit_minutes: 30, pending_minutes: 120 })
    expectNear(raise.pending_from, Date.now() + DAY_MS)
    const removal = await set(null)
    expect(removal).toMatchObject({ limit_minutes: 30, pending_minutes: null })
    expectNear(removal.pending_from, Date.now() + DAY_MS)
    // A day on, the waiting removal has taken effect.
    await movePast(player.id, DAY_MS + MINUTE_MS)
    expect((await stateOf(client)).play_time).toMatchObject({
      limit_minutes: null,
      pending_from: null,
    })
    expect(
      (await eventsOf(player.id)).filter((e) => e.kind === 'play_time_limit_set'),
    ).toHaveLength(4)
  })

  it('counts the time between bets at most 5 minutes apart, and bars play at the limit', async () => {
    const { player, client } = await signedInPlayer()
    // Seven bets four minutes apart (24 minutes of play), then one an hour before (a pause).
    const start = Date.now() - 30 * MINUTE_MS
    const times = [
      start - HOUR_MS,
      ...Array.from({ length: 7 }, (_, i) => start + i * 4 * MINUTE_MS),
    ]
    for (const at of times) {
      await t.database.db.insert(bets).values({
        id: uuidv7(),
        playerId: player.id,
        game: 'dice',
        round: 'test',
        currency: 'EUR',
        stakeMinor: 1_00n,
        payoutMinor: 0n,
        multiplierBp: 0,
        clientRequestId: randomUUID(),
        outcome: {},
        createdAt: new Date(at),
      })
    }
    const used = await stateOf(client)
    expect(used.play_time.used_seconds).toBe(24 * 60)
    expect(used.bar).toBeNull()
    const limited = await call('PUT', '/player/protection/play-time', client.headers, {
      minutes: 20,
    })
    expect(limited.json<Answer<ProtectionState>>().data.bar).toBe('play_time')
  })
})

describe('the limit prompt', () => {
  it('is answered by declining, once, and refuses another answer', async () => {
    const { player, client } = await signedInPlayer()
    const wrong = await call('POST', '/player/protection/limit-prompt', client.headers, {
      answer: 'later',
    })
    expect(wrong.statusCode).toBe(400)
    for (let i = 0; i < 2; i += 1) {
      const declined = await call('POST', '/player/protection/limit-prompt', client.headers, {
        answer: 'declined',
      })
      expect(declined.statusCode).toBe(200)
      expect(declined.json<Answer<ProtectionState>>().data.limit_prompt_answered).toBe(true)
    }
    const events = await eventsOf(player.id)
    expect(events.map((event) => [event.kind, event.detail])).toEqual([
      ['limit_prompt_answered', { answer: 'declined' }],
    ])
  })

  it('is answered by setting a deposit limit, not by a loss limit or a removal', async () => {
    const { player, client } = await signedInPlayer()
    const limit = (payload: Record<string, unknown>) =>
      call('POST', '/player/deposit-limits', client.headers, payload)
    expect((await limit({ kind: 'loss', period: 'day', amount: '5000' })).statusCode).toBe(200)
    expect((await limit({ period: 'week', amount: null })).statusCode).toBe(200)
    expect((await stateOf(client)).limit_prompt_answered).toBe(false)
    expect((await limit({ period: 'day', amount: '10000' })).statusCode).toBe(200)
    expect((await stateOf(client)).limit_prompt_answered).toBe(true)
    expect((await eventsOf(player.id)).map((event) => event.detail)).toEqual([
      { answer: 'deposit_limit' },
    ])
  })
})

describe.runIf(inject('databaseTemplate').kind === 'postgres')('at once (PostgreSQL)', () => {
  it('breaks taken at once line up on the row: the longest holds, none shortens another', async () => {
    const { player, client } = await signedInPlayer()
    const periods = ['24h', '6w', '1w', '1m', '24h', '6w', '1w', '1m']
    const answers = await Promise.all(
      periods.map((period) => takeBreak(client, 'time_out', period)),
    )
    expect(answers.every((answer) => [200, 409].includes(answer.statusCode))).toBe(true)
    const row = await rowOf(player.id)
    expect(row?.breakPeriod).toBe('6w')
    // Every accepted break ended no earlier than the one before it: the history only grows.
    const events = await eventsOf(player.id)
    expect(events).toHaveLength(answers.filter((answer) => answer.statusCode === 200).length)
    const ends = events.map((event) => new Date(String(event.detail.until)).getTime())
    expect(ends).toEqual([...ends].sort((a, b) => a - b))
    expect(new Date(ends.at(-1) ?? 0)).toEqual(row?.breakUntil)
  })

  it('a lapse asked for at once is recorded once', async () => {
    const { player, client } = await signedInPlayer()
    expect((await takeBreak(client, 'self_exclusion', '6m')).statusCode).toBe(200)
    await movePast(player.id, 200 * DAY_MS)
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => call('POST', '/player/protection/lapse', client.headers)),
    )
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1)
    expect(answers.filter((answer) => answer.statusCode === 409)).toHaveLength(5)
    expect((await eventsOf(player.id)).filter((e) => e.kind === 'lapse_requested')).toHaveLength(1)
  })
})
