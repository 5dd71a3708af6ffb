import { randomUUID } from 'node:crypto'
import { count, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { LOCALE_PREFIXES } from '#common/locales.ts'
import { auditEvents } from '#server/modules/audit/audit.tables.ts'
import { games } from '#server/modules/catalogue/catalogue.tables.ts'
import { hashServerSeed } from '#server/modules/originals/index.ts'
import { lootboxes } from '#server/modules/rewards/rewards.tables.ts'
import {
  createOperator,
  createPlayer,
  signIn,
  signInOperator,
  testSecretBox,
  type SignedInClient,
} from '#tests/factories/players.ts'
import { API_HEADERS, buildTestApp, type TestApp } from '#tests/helpers/build-test-app.ts'
import { checkedBody } from './tournaments.admin.routes.ts'
import { TournamentBodySchema, type OperatorTournament } from './tournaments.admin.contract.ts'
import { tournamentPrizes, tournaments } from './tournaments.tables.ts'

const HOUR = 3_600_000
const DAY = 24 * HOUR

let t: TestApp
let admin: SignedInClient
const db = () => t.database.db
beforeAll(async () => {
  t = await buildTestApp()
  const operator = await createOperator(db(), ['admin'])
  admin = await signInOperator(t.app, operator)
})

const every = <T>(value: (locale: string) => T) =>
  Object.fromEntries(LOCALE_PREFIXES.map((locale) => [locale, value(locale)]))

const label = (text: string) => every((locale) => ({ label: `${text} ${locale}` }))

/** The body the e2e journey posts (snake_case), starting in a day unless told otherwise. */
function aBody(overrides: Record<string, unknown> = {}) {
  const now = Date.now()
  return {
    slug: `tournament-${randomUUID().slice(0, 8)}`,
    texts: every((locale) => ({
      title: `Race ${locale}`,
      text: `Wager the most ${locale}`,
      imageAlt: `Art ${locale}`,
    })),
    image_url: '/tournaments/slots-race.svg',
    scoring: 'total_wagered',
    points_per_spin: 1,
    game_ids: [],
    category_slugs: ['originals'],
    currencies: [],
    min_stake_eur_minor: '10',
    entry_fee: { kind: 'free', amount_minor: '0' },
    starts_at: new Date(now + DAY).toISOString(),
    ends_at: new Date(now + 3 * DAY).toISOString(),
    is_enabled: true,
    prizes: [
      {
        from_place: 1,
        to_place: 1,
        prize: { kind: 'coins', coinsMinor: '50000' },
        texts: label('500'),
      },
      {
        from_place: 2,
        to_place: 5,
        prize: { kind: 'coins', coinsMinor: '10000' },
        texts: label('100'),
      },
    ],
    ...overrides,
  }
}

const send = (method: 'POST' | 'PUT', url: string, payload: unknown, client = admin) =>
  t.app.inject({
    method,
    url,
    headers: client.headers,
    payload: payload as Record<string, unknown>,
  })

const get = (url: string, client = admin) =>
  t.app.inject({ method: 'GET', url, headers: client.headers })

const codeOf = (reply: { json: () => unknown }) =>
  (reply.json() as { errors: { code: string } }).errors.code

const tournamentOf = (reply: { json: () => unknown }) =>
  (reply.json() as { data: { tournament: OperatorTournament } }).data.tournament

const created = async (overrides: Record<string, unknown> = {}) => {
  const body = aBody(overrides)
  const reply = await send('POST', '/admin/api/tournaments', body)
  expect(reply.statusCode, reply.body).toBe(200)
  return { body, tournament: tournamentOf(reply) }
}

const tournamentCount = async () => (await db().select({ n: count() }).from(tournaments))[0]?.n

describe('operators’ tournament calls', () => {
  it('creates a tournament from the e2e’s body with a sealed seed, audited and announced', async () => {
    const announced: unknown[] = []
    const off = t.app.bus.subscribe('tournaments.content.changed', (event) => {
      announced.push(event)
    })
    const starts = new Date(Date.now() - HOUR).toISOString()
    const { body, tournament } = await created({ starts_at: starts }).finally(off)
    expect(announced).toHaveLength(1)
    expect(tournament).toMatchObject({
      slug: body.slug,
      scoring: 'total_wagered',
      points_per_spin: 1,
      game_ids: [],
      category_slugs: ['originals'],
      currencies: [],
      min_stake_eur_minor: '10',
      entry_fee: { kind: 'free', amount_minor: '0' },
      starts_at: starts,
      is_enabled: true,
      phase: 'running',
      server_seed: null,
      client_seed: null,
      participant_count: 0,
      leaderboard_version: 0,
      started_at: null,
      finished_at: null,
    })
    expect(tournament.texts.de?.title).toBe('Race de')
    expect(tournament.prizes).toEqual([
      {
        from_place: 1,
        to_place: 1,
        prize: { kind: 'coins', coinsMinor: '50000' },
        texts: label('500'),
      },
      {
        from_place: 2,
        to_place: 5,
        prize: { kind: 'coins', coinsMinor: '10000' },
        texts: label('100'),
      },
    ])

    const [row] = await db().select().from(tournaments).where(eq(tournaments.id, tournament.id))
    const seed = testSecretBox.open(row?.serverSeedSealed ?? '')
    expect(hashServerSeed(seed)).toBe(tournament.server_seed_hash)
    expect(JSON.stringify(tournament)).not.toContain(seed)
    const audits = await db()
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'tournament.created'))
    expect(audits.some((audit) => JSON.stringify(audit.details).includes(body.slug))).toBe(true)

    const list = await get('/admin/api/tournaments')
    expect(list.statusCode).toBe(200)
    expect(list.body).not.toContain(seed)
    const listed = list.json<{ data: { tournaments: OperatorTournament[] } }>().data.tournaments
    // Newest first: this one before the seeded ones.
    expect(listed[0]?.id).toBe(tournament.id)
    expect(listed.length).toBeGreaterThanOrEqual(4)

    const one = await get(`/admin/api/tournaments/${String(tournament.id)}`)
    expect(one.statusCode).toBe(200)
    expect(tournamentOf(one)).toEqual(tournament)
  })

  it('stores qualifying games under the name their bets carry, however the operator names them', async () => {
    const gameRows = await db()
      .select({ id: games.id, slug: games.slug, engine: games.engine, kind: games.kind })
      .from(games)
    const dice = gameRows.find((game) => game.engine === 'dice')
    const slots = gameRows.find((game) => game.engine === 'slots')
    const studio = gameRows.find((game) => game.kind === 'provider')
    if (!dice || !slots || !studio) throw new Error('the seed has no dice, slots or studio game')
    const { tournament } = await created({
      // By id, by slug (the Original's slug is not its engine), by engine, a studio game by id,
      // and the same game twice.
      game_ids: [dice.id, slots.slug, 'crash', studio.id, 'dice'],
      category_slugs: [],
    })
    expect(tournament.game_ids).toEqual(['dice', 'slots', 'crash', studio.slug])
  })

  it('refuses bad bodies with the reason, and writes nothing', async () => {
    const before = await tournamentCount()
    const [lootbox] = await db().select({ id: lootboxes.id }).from(lootboxes).limit(1)
    expect(lootbox).toBeDefined()
    const now = Date.now()
    const englishOnly = { en: { title: 'Only English', text: 'Win', imageAlt: 'Art' } }
    const emptyGerman = every((locale) => ({
      title: locale === 'de' ? '  ' : 'Title',
      text: 'Text',
      imageAlt: 'Alt',
    }))
    const prize = (
      from: number,
      to: number,
      value: unknown = { kind: 'coins', coinsMinor: '100' },
    ) => ({
      from_place: from,
      to_place: to,
      prize: value,
      texts: label('x'),
    })
    const invalid: [string, Record<string, unknown>, Record<string, unknown>][] = [
      ['only English', { texts: englishOnly }, { reason: 'texts', locale: 'de' }],
      ['an empty German title', { texts: emptyGerman }, { reason: 'texts', locale: 'de' }],
      [
        'a prize label missing in a locale',
        { prizes: [{ ...prize(1, 1), texts: { en: { label: 'x' } } }] },
        { reason: 'texts' },
      ],
      [
        'an unknown game',
        { game_ids: ['no-such-game'] },
        { reason: 'games', game: 'no-such-game' },
      ],
      [
        'an unknown category',
        { category_slugs: ['bingo'] },
        { reason: 'categories', category: 'bingo' },
      ],
      [
        'an unsupported currency',
        { currencies: ['XYZ'] },
        { reason: 'currencies', currency: 'XYZ' },
      ],
      [
        'an end before the start',
        {
          starts_at: new Date(now + 2 * DAY).toISOString(),
          ends_at: new Date(now + DAY).toISOString(),
        },
        { reason: 'schedule' },
      ],
      [
        'an end equal to the start',
        {
          starts_at: new Date(now + DAY).toISOString(),
          ends_at: new Date(now + DAY).toISOString(),
        },
        { reason: 'schedule' },
      ],
      ['a gap in the prize table', { prizes: [prize(1, 1), prize(3, 3)] }, { reason: 'prizes' }],
      ['overlapping places', { prizes: [prize(1, 3), prize(3, 4)] }, { reason: 'prizes' }],
      ['a table not from place 1', { prizes: [prize(2, 3)] }, { reason: 'prizes' }],
      ['a range upside down', { prizes: [prize(1, 1), prize(4, 2)] }, { reason: 'prizes' }],
      [
        'a prize above the cap',
        { prizes: [prize(1, 1, { kind: 'cash', eurMinor: '99999999' })] },
        { reason: 'prizes', place: 1, problem: 'amount_out_of_range' },
      ],
      [
        'an unknown lootbox',
        { prizes: [prize(1, 1), prize(2, 2, { kind: 'lootbox', lootboxId: 999_999 })] },
        { reason: 'prizes', place: 2, problem: 'unknown_lootbox' },
      ],
      [
        'a free entry with an amount',
        { entry_fee: { kind: 'free', amount_minor: '500' } },
        { reason: 'fee' },
      ],
      [
        'a coin fee of nothing',
        { entry_fee: { kind: 'coins', amount_minor: '0' } },
        { reason: 'fee' },
      ],
    ]
    for (const [what, overrides, params] of invalid) {
      const body = aBody(overrides)
      const reply = await send('POST', '/admin/api/tournaments', body)
      expect(reply.statusCode, what).toBe(400)
      expect(codeOf(reply), what).toBe('tournament.invalid')
      await expect(checkedBody(db(), TournamentBodySchema.parse(body)), what).rejects.toMatchObject(
        {
          code: 'tournament.invalid',
          params,
        },
      )
    }

    // Shapes the schema refuses.
    const malformed: [string, Record<string, unknown>][] = [
      ['an unknown scoring', { scoring: 'fastest_spin' }],
      ['a negative minimum stake', { min_stake_eur_minor: '-5' }],
      ['a decimal minimum stake', { min_stake_eur_minor: '0.10' }],
      ['a number for an amount', { entry_fee: { kind: 'coins', amount_minor: 500 } }],
      ['an unknown fee kind', { entry_fee: { kind: 'crypto', amount_minor: '1' } }],
      ['no prizes', { prizes: [] }],
      ['place 0', { prizes: [prize(0, 1)] }],
      ['a time without offset', { starts_at: '2030-01-01T10:00:00' }],
      ['points per spin 0', { points_per_spin: 0 }],
      ['a bad slug', { slug: 'Not A Slug' }],
      ['a lower-case currency', { currencies: ['eur'] }],
      ['an unknown prize kind', { prizes: [prize(1, 1, { kind: 'car', model: 'T' })] }],
    ]
    for (const [what, overrides] of malformed) {
      const reply = await send('POST', '/admin/api/tournaments', aBody(overrides))
      expect(reply.statusCode, what).toBe(400)
      expect(codeOf(reply), what).toBe('request.invalid')
    }

    // Checked by the call itself: the end in the past (the start may be).
    const past = await send(
      'POST',
      '/admin/api/tournaments',
      aBody({
        starts_at: new Date(now - 2 * DAY).toISOString(),
        ends_at: new Date(now - DAY).toISOString(),
      }),
    )
    expect(past.statusCode).toBe(400)
    expect(codeOf(past)).toBe('tournament.invalid')
    expect(await tournamentCount()).toBe(before)

    const { body } = await created()
    const taken = await send('POST', '/admin/api/tournaments', aBody({ slug: body.slug }))
    expect(taken.statusCode).toBe(400)
    expect(codeOf(taken)).toBe('tournament.invalid')
    expect(await tournamentCount()).toBe((before ?? 0) + 1)
  })

  it('gives a slug to one of several creates at once (on PostgreSQL, truly at once)', async () => {
    const slug = `race-${randomUUID().slice(0, 8)}`
    const replies = await Promise.all(
      Array.from({ length: 4 }, () => send('POST', '/admin/api/tournaments', aBody({ slug }))),
    )
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([200, 400, 400, 400])
    for (const reply of replies.filter((one) => one.statusCode === 400)) {
      expect(codeOf(reply)).toBe('tournament.invalid')
    }
    expect(await db().$count(tournaments, eq(tournaments.slug, slug))).toBe(1)
  })

  it('accepts every prize kind the table mixes: cash, bonus, coins and a lootbox', async () => {
    const [lootbox] = await db().select({ id: lootboxes.id }).from(lootboxes).limit(1)
    const { tournament } = await created({
      entry_fee: { kind: 'money', amount_minor: '500' },
      currencies: ['EUR', 'USD', 'EUR'],
      prizes: [
        {
          from_place: 1,
          to_place: 1,
          prize: { kind: 'cash', eurMinor: '10000' },
          texts: label('€100'),
        },
        {
          from_place: 2,
          to_place: 2,
          prize: { kind: 'bonus', eurMinor: '2500' },
          texts: label('€25'),
        },
        {
          from_place: 3,
          to_place: 3,
          prize: { kind: 'lootbox', lootboxId: lootbox?.id },
          texts: label('chest'),
        },
        {
          from_place: 4,
          to_place: 10,
          prize: { kind: 'coins', coinsMinor: '20000' },
          texts: label('200'),
        },
      ],
    })
    expect(tournament.entry_fee).toEqual({ kind: 'money', amount_minor: '500' })
    expect(tournament.currencies).toEqual(['EUR', 'USD'])
    expect(tournament.prizes.map((row) => row.prize.kind)).toEqual([
      'cash',
      'bonus',
      'lootbox',
      'coins',
    ])
  })

  it('refuses visitors, players and operators without the admin role on every call', async () => {
    const { tournament } = await created()
    const player = await createPlayer(db())
    const playerClient = await signIn(t.app, { email: player.email, password: player.password })
    const finance = await signInOperator(t.app, await createOperator(db(), ['finance']))
    const visitor = { headers: { ...API_HEADERS }, cookie: '' }
    const id = String(tournament.id)
    for (const [client, status] of [
      [visitor, 401],
      [playerClient, 401],
      [finance, 403],
    ] as const) {
      expect((await get('/admin/api/tournaments', client)).statusCode).toBe(status)
      expect((await get(`/admin/api/tournaments/${id}`, client)).statusCode).toBe(status)
      // Visitors have no CSRF token: their writes stop there (403), before the operator guard.
      const writeStatus = client === visitor ? 403 : status
      expect((await send('POST', '/admin/api/tournaments', aBody(), client)).statusCode).toBe(
        writeStatus,
      )
      expect((await send('PUT', `/admin/api/tournaments/${id}`, aBody(), client)).statusCode).toBe(
        writeStatus,
      )
    }
    const [row] = await db().select().from(tournaments).where(eq(tournaments.id, tournament.id))
    expect(row?.slug).toBe(tournament.slug)
  })

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    const unknown = await get('/admin/api/tournaments/999999')
    expect(unknown.statusCode).toBe(404)
    expect(codeOf(unknown)).toBe('tournament.not_found')
    const put = await send('PUT', '/admin/api/tournaments/999999', aBody())
    expect(put.statusCode).toBe(404)
    expect(codeOf(put)).toBe('tournament.not_found')
    const malformed = await get('/admin/api/tournaments/abc')
    expect(malformed.statusCode).toBe(400)
    expect(codeOf(malformed)).toBe('request.invalid')
  })

  it('changes anything before the start, keeping the seed', async () => {
    const { body, tournament } = await created()
    const announced: unknown[] = []
    const off = t.app.bus.subscribe('tournaments.content.changed', (event) => {
      announced.push(event)
    })
    const changed = {
      ...body,
      scoring: 'points_per_spin',
      points_per_spin: 5,
      category_slugs: [],
      game_ids: ['dice'],
      currencies: ['EUR'],
      min_stake_eur_minor: '100',
      entry_fee: { kind: 'coins', amount_minor: '10000' },
      starts_at: new Date(Date.now() + 2 * DAY).toISOString(),
      ends_at: new Date(Date.now() + 4 * DAY).toISOString(),
      prizes: [
        {
          from_place: 1,
          to_place: 3,
          prize: { kind: 'coins', coinsMinor: '30000' },
          texts: label('300'),
        },
      ],
    }
    const reply = await send(
      'PUT',
      `/admin/api/tournaments/${String(tournament.id)}`,
      changed,
    ).finally(off)
    expect(reply.statusCode, reply.body).toBe(200)
    expect(announced).toHaveLength(1)
    const after = tournamentOf(reply)
    expect(after).toMatchObject({
      id: tournament.id,
      scoring: 'points_per_spin',
      points_per_spin: 5,
      game_ids: ['dice'],
      category_slugs: [],
      currencies: ['EUR'],
      min_stake_eur_minor: '100',
      entry_fee: { kind: 'coins', amount_minor: '10000' },
      starts_at: changed.starts_at,
      ends_at: changed.ends_at,
      server_seed_hash: tournament.server_seed_hash,
      phase: 'upcoming',
    })
    expect(after.prizes).toHaveLength(1)
    const prizeRows = await db()
      .select()
      .from(tournamentPrizes)
      .where(eq(tournamentPrizes.tournamentId, tournament.id))
    expect(prizeRows).toHaveLength(1)
    const audits = await db()
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'tournament.changed'))
    expect(audits.some((audit) => JSON.stringify(audit.details).includes(body.slug))).toBe(true)

    // Once a player has paid the fee, it stays.
    await db()
      .update(tournaments)
      .set({ participantCount: 1 })
      .where(eq(tournaments.id, tournament.id))
    const feeChange = await send('PUT', `/admin/api/tournaments/${String(tournament.id)}`, {
      ...changed,
      entry_fee: { kind: 'coins', amount_minor: '20000' },
    })
    expect(feeChange.statusCode).toBe(409)
    expect(codeOf(feeChange)).toBe('tournament.closed')
    const moved = await send('PUT', `/admin/api/tournaments/${String(tournament.id)}`, {
      ...changed,
      ends_at: new Date(Date.now() + 5 * DAY).toISOString(),
    })
    expect(moved.statusCode, moved.body).toBe(200)
  })

  it('once started changes only words and art, and refuses disabling it', async () => {
    const { body, tournament } = await created()
    const id = String(tournament.id)
    const startedAt = new Date(Date.now() - HOUR)
    await db()
      .update(tournaments)
      .set({ startsAt: startedAt, startedAt })
      .where(eq(tournaments.id, tournament.id))
    const current = { ...body, starts_at: startedAt.toISOString() }
    const refused: [string, Record<string, unknown>][] = [
      ['a later end', { ends_at: new Date(Date.now() + 9 * DAY).toISOString() }],
      ['another start', { starts_at: new Date(Date.now() - 2 * HOUR).toISOString() }],
      ['another scoring', { scoring: 'total_won' }],
      ['other games', { category_slugs: ['slots'] }],
      ['a currency filter', { currencies: ['EUR'] }],
      ['a higher minimum stake', { min_stake_eur_minor: '20' }],
      ['a fee', { entry_fee: { kind: 'coins', amount_minor: '100' } }],
      [
        'other prizes',
        {
          prizes: [
            {
              from_place: 1,
              to_place: 1,
              prize: { kind: 'coins', coinsMinor: '60000' },
              texts: label('600'),
            },
          ],
        },
      ],
      ['disabling it', { is_enabled: false }],
    ]
    for (const [what, overrides] of refused) {
      const reply = await send('PUT', `/admin/api/tournaments/${id}`, { ...current, ...overrides })
      expect(reply.statusCode, what).toBe(409)
      expect(codeOf(reply), what).toBe('tournament.closed')
    }
    const [unchanged] = await db()
      .select()
      .from(tournaments)
      .where(eq(tournaments.id, tournament.id))
    expect(unchanged?.scoring).toBe('total_wagered')
    expect(unchanged?.isEnabled).toBe(true)

    // The same rules in another order and the same prizes with new labels are not a change.
    const reworded = await send('PUT', `/admin/api/tournaments/${id}`, {
      ...current,
      texts: every((locale) => ({
        title: `Renamed ${locale}`,
        text: 'New words',
        imageAlt: 'New art',
      })),
      image_url: '/tournaments/originals-hunt.svg',
      prizes: [...current.prizes].reverse().map((row) => ({ ...row, texts: label('relabelled') })),
    })
    expect(reworded.statusCode, reworded.body).toBe(200)
    const after = tournamentOf(reworded)
    expect(after.texts.fi?.title).toBe('Renamed fi')
    expect(after.image_url).toBe('/tournaments/originals-hunt.svg')
    expect(after.prizes[0]?.texts.de?.label).toBe('relabelled de')
    expect(after.phase).toBe('running')

    // Finished: nothing changes any more.
    await db()
      .update(tournaments)
      .set({ endsAt: new Date(Date.now() - 1000), finishedAt: new Date() })
      .where(eq(tournaments.id, tournament.id))
    const finished = await send('PUT', `/admin/api/tournaments/${id}`, {
      ...current,
      ends_at: new Date(Date.now() - 1000).toISOString(),
    })
    expect(finished.statusCode).toBe(409)
    expect(codeOf(finished)).toBe('tournament.closed')
    expect(tournamentOf(await get(`/admin/api/tournaments/${id}`)).phase).toBe('finished')
  })
})
