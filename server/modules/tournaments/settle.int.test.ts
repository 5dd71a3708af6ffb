import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { and, asc, eq, like } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest'
import { tieBreak } from '#common/tournament-rules.ts'
import { executePrepared, type Database } from '#db/client.ts'
import { createEventBus, type EventBus } from '#server/lib/event-bus.ts'
import { playerBonuses } from '#server/modules/bonuses/bonuses.tables.ts'
import { accountBalance, checkBooks, COIN } from '#server/modules/ledger/index.ts'
import { ledgerTransfers } from '#server/modules/ledger/ledger.tables.ts'
import { notifications } from '#server/modules/notifications/notifications.tables.ts'
import { hashServerSeed, uint32Stream } from '#server/modules/originals/index.ts'
import { lootboxes, playerLootboxes } from '#server/modules/rewards/rewards.tables.ts'
import { fromEurRounded, loadRates } from '#server/modules/wallet/index.ts'
import { createPlayer, testSecretBox } from '#tests/factories/players.ts'
import { drainDepsOf } from '#tests/helpers/engagement.ts'
import { createTestDatabase } from '#tests/helpers/test-database.ts'
import { insertEntry, insertSealedTournament } from '#tests/helpers/tournament-rows.ts'
import { withDatabase } from '#tests/setup/global-database.ts'
import { finishTournament, runDueTournaments, type FinishDeps } from './schedule.ts'
import { finalPlaces, tournamentClientSeed } from './settle.ts'
import { tournamentResults, tournaments } from './tournaments.tables.ts'

const template = inject('databaseTemplate')
const isPostgres = template.kind === 'postgres'
const eventually = (check: () => unknown) => vi.waitFor(check, { timeout: 15_000, interval: 100 })

let database: Database
let bus: EventBus
const db = () => database.db
beforeAll(async () => {
  database = await createTestDatabase()
  bus = await createEventBus({ onListenerError: () => {} })
})
afterAll(async () => {
  await database.close()
})

function finishDeps(asked: string[] = []): FinishDeps {
  const words = drainDepsOf(db(), bus)
  return {
    db: db(),
    bus,
    secretBox: testSecretBox,
    messages: words.messages,
    log: words.log,
    jobs: {
      runAt: (_name, _at, key) => {
        asked.push(key)
        return Promise.resolve()
      },
    },
  }
}

/** Every transfer a tournament's prizes posted (money, coins, and the bonus's own). */
const paidFor = (tournamentId: number) =>
  db()
    .select()
    .from(ledgerTransfers)
    .where(like(ledgerTransfers.idempotencyKey, `%tournament:${tournamentId}:%`))

const resultsOf = (tournamentId: number) =>
  db()
    .select()
    .from(tournamentResults)
    .where(eq(tournamentResults.tournamentId, tournamentId))
    .orderBy(asc(tournamentResults.place))

const rowOf = async (tournamentId: number) => {
  const [row] = await db().select().from(tournaments).where(eq(tournaments.id, tournamentId))
  if (!row) throw new Error('no tournament')
  return row
}

const wonNotices = (playerId: string) =>
  db()
    .select()
    .from(notifications)
    .where(and(eq(notifications.playerId, playerId), eq(notifications.type, 'tournament_won')))

/** A tournament with one paid place and its winner. */
async function aSmallTournament() {
  const { tournament } = await insertSealedTournament(db(), {
    prizes: [
      { fromPlace: 1, toPlace: 1, prize: { kind: 'coins', coinsMinor: '2500' }, label: '25 coins' },
    ],
  })
  const winner = await createPlayer(db())
  await insertEntry(db(), tournament.id, winner.id, { score: 700n, reachedAt: new Date() })
  return { tournament, winner }
}

describe('settling the final board', () => {
  it('places, draws the ties, pays each paid place once, reveals the seeds, tells the winners', async () => {
    const [lootbox] = await db().select().from(lootboxes).limit(1)
    if (!lootbox) throw new Error('the seeded database has no lootbox')
    const { tournament, serverSeed } = await insertSealedTournament(db(), {
      prizes: [
        {
          fromPlace: 1,
          toPlace: 1,
          prize: { kind: 'coins', coinsMinor: '5000' },
          label: '50 coins',
        },
        { fromPlace: 2, toPlace: 2, prize: { kind: 'cash', eurMinor: '1234' }, label: '€12' },
        { fromPlace: 3, toPlace: 3, prize: { kind: 'bonus', eurMinor: '500' }, label: '€5 bonus' },
        {
          fromPlace: 4,
          toPlace: 5,
          prize: { kind: 'lootbox', lootboxId: lootbox.id },
          label: 'A lootbox',
        },
      ],
    })
    const id = tournament.id
    const people = await Promise.all(Array.from({ length: 8 }, () => createPlayer(db())))
    const [pa, pb, pc, pd, pe, pg, ph, pz] = people.map((player) => player.id) as [
      string,
      string,
      string,
      string,
      string,
      string,
      string,
      string,
    ]
    const t0 = Date.now() - 600_000
    const at = (seconds: number) => new Date(t0 + seconds * 1000)
    const entry = (playerId: string, score: bigint, reachedAt: Date | null) =>
      insertEntry(db(), id, playerId, { score, reachedAt })
    const a = await entry(pa, 900n, at(5))
    // B and C reached 500 at the same millisecond: the draw orders them; D reached it later.
    const b = await entry(pb, 500n, at(10))
    const c = await entry(pc, 500n, at(10))
    const d = await entry(pd, 500n, at(11))
    const e = await entry(pe, 300n, at(3))
    // A second tie below the paid places: the draw's stream continues from the first group.
    const g = await entry(pg, 100n, at(20))
    const h = await entry(ph, 100n, at(20))
    // Joined and scored nothing: not placed.
    await entry(pz, 0n, null)

    expect(await finishTournament(finishDeps(), id)).toBe('finished')

    // The seeds: the committed one revealed, the client seed recomputed from the board's lines.
    const row = await rowOf(id)
    expect(row.finishedAt).not.toBeNull()
    expect(row.serverSeedSealed).toBeNull()
    expect(row.serverSeed).toBe(serverSeed)
    expect(hashServerSeed(row.serverSeed ?? '')).toBe(row.serverSeedHash)
    const [bFirst, cFirst] = [b, c].sort()
    const [gFirst, hFirst] = [g, h].sort()
    const lines = [
      `${a}:900:${at(5).toISOString()}`,
      `${bFirst}:500:${at(10).toISOString()}`,
      `${cFirst}:500:${at(10).toISOString()}`,
      `${d}:500:${at(11).toISOString()}`,
      `${e}:300:${at(3).toISOString()}`,
      `${gFirst}:100:${at(20).toISOString()}`,
      `${hFirst}:100:${at(20).toISOString()}`,
    ]
    const clientSeed = createHash('sha256').update(lines.join('\n')).digest('hex')
    expect(row.clientSeed).toBe(clientSeed)

    // The draw, recomputed from the revealed seeds: one stream, the groups from the top down.
    const stream = uint32Stream({ serverSeed, clientSeed, nonce: 0 })
    const firstTie = tieBreak(stream, [b, c])
    const secondTie = tieBreak(stream, [g, h])
    const results = await resultsOf(id)
    expect(results.map((result) => [result.place, result.entryId, result.byDraw])).toEqual([
      [1, a, false],
      [2, firstTie[0], true],
      [3, firstTie[1], true],
      [4, d, false],
      [5, e, false],
      [6, secondTie[0], true],
      [7, secondTie[1], true],
    ])
    expect(results.map((result) => result.prize?.kind ?? null)).toEqual([
      'coins',
      'cash',
      'bonus',
      'lootbox',
      'lootbox',
      null,
      null,
    ])
    const playerAt = (place: number) => results.find((r) => r.place === place)?.playerId ?? ''

    // Each paid place once: coins, money, bonus money, lootboxes.
    expect(await accountBalance(db(), { playerId: pa, kind: 'cash', currency: COIN })).toBe(5000n)
    expect(
      await accountBalance(db(), { playerId: playerAt(2), kind: 'cash', currency: 'EUR' }),
    ).toBe(fromEurRounded(await loadRates(db()), 1234n, 'EUR'))
    const bonuses = await db()
      .select()
      .from(playerBonuses)
      .where(eq(playerBonuses.playerId, playerAt(3)))
    expect(bonuses).toMatchObject([{ currency: 'EUR' }])
    for (const place of [4, 5]) {
      const boxes = await db()
        .select()
        .from(playerLootboxes)
        .where(eq(playerLootboxes.playerId, playerAt(place)))
      expect(boxes).toMatchObject([
        { lootboxId: lootbox.id, sourceKey: `prize:tournament:${id}:${place}` },
      ])
    }
    for (const place of [1, 2]) {
      const paid = await db()
        .select()
        .from(ledgerTransfers)
        .where(eq(ledgerTransfers.idempotencyKey, `prize:tournament:${id}:${place}`))
      expect(paid).toHaveLength(1)
    }

    // The winners are told in their language; the places without a prize are not.
    const first = await wonNotices(pa)
    expect(first).toHaveLength(1)
    expect(first[0]?.text).toContain('Cup (en)')
    expect(first[0]?.text).toContain('place 1')
    expect(first[0]?.text).toContain('50 coins')
    expect(first[0]?.url).toBe(`/en/tournament-details/t/${id}`)
    for (const place of [2, 3, 4, 5]) expect(await wonNotices(playerAt(place))).toHaveLength(1)
    for (const playerId of [pg, ph, pz]) expect(await wonNotices(playerId)).toEqual([])

    // Run again: nothing more is paid or written.
    const transfers = (await paidFor(id)).length
    expect(await finishTournament(finishDeps(), id)).toBe('already_finished')
    expect(await paidFor(id)).toHaveLength(transfers)
    expect(await resultsOf(id)).toHaveLength(7)
    expect(await wonNotices(pa)).toHaveLength(1)
    expect((await checkBooks(db())).isBalanced).toBe(true)
  })

  it('recomputes the same places from the same board and seeds (what a player verifies)', () => {
    const board = [
      { entryId: '00000000-0000-7000-8000-000000000003', score: 5n, reachedAt: new Date(1000) },
      { entryId: '00000000-0000-7000-8000-000000000001', score: 5n, reachedAt: new Date(1000) },
      { entryId: '00000000-0000-7000-8000-000000000002', score: 5n, reachedAt: new Date(1000) },
      { entryId: '00000000-0000-7000-8000-000000000004', score: 9n, reachedAt: new Date(2000) },
    ]
    const clientSeed = tournamentClientSeed(board)
    // The order the board is given in does not matter: the seed is of the board's order.
    expect(tournamentClientSeed([...board].reverse())).toBe(clientSeed)
    const seeds = { serverSeed: 'a'.repeat(64), clientSeed }
    const places = finalPlaces(board, seeds)
    expect(finalPlaces([...board].reverse(), seeds)).toEqual(places)
    expect(places[0]).toMatchObject({ place: 1, byDraw: false })
    expect(places[0]?.entry.entryId).toBe('00000000-0000-7000-8000-000000000004')
    const drawn = tieBreak(
      uint32Stream({ ...seeds, nonce: 0 }),
      board.slice(0, 3).map((entry) => entry.entryId),
    )
    expect(places.slice(1).map((place) => place.entry.entryId)).toEqual(drawn)
    expect(places.slice(1).every((place) => place.byDraw)).toBe(true)
  })

  it('finishes a tournament nobody scored in with no results, and reveals its seeds', async () => {
    const { tournament, serverSeed } = await insertSealedTournament(db(), {
      prizes: [
        { fromPlace: 1, toPlace: 3, prize: { kind: 'coins', coinsMinor: '100' }, label: '1 coin' },
      ],
    })
    const idle = await createPlayer(db())
    await insertEntry(db(), tournament.id, idle.id)
    expect(await finishTournament(finishDeps(), tournament.id)).toBe('finished')
    const row = await rowOf(tournament.id)
    expect(row).toMatchObject({ serverSeed, clientSeed: tournamentClientSeed([]) })
    expect(row.finishedAt).not.toBeNull()
    expect(await resultsOf(tournament.id)).toEqual([])
    expect(await paidFor(tournament.id)).toEqual([])
  })

  it('leaves a disabled tournament and one still running alone', async () => {
    const { tournament: disabled } = await insertSealedTournament(db(), { isEnabled: false })
    const { tournament: running } = await insertSealedTournament(db(), {
      endsAt: new Date(Date.now() + 3_600_000),
    })
    for (const { id } of [disabled, running]) {
      expect(await finishTournament(finishDeps(), id)).toBe('not_due')
      expect((await rowOf(id)).finishedAt).toBeNull()
    }
    const due = await runDueTournaments(finishDeps())
    expect(due.finished.has(disabled.id)).toBe(false)
    expect(due.finished.has(running.id)).toBe(false)
    expect((await rowOf(disabled.id)).serverSeed).toBeNull()
  })
})

describe.runIf(isPostgres)('finishing exactly once on PostgreSQL', () => {
  it('four concurrent runs: one settles, the others find it finished', async () => {
    const { tournament, winner } = await aSmallTournament()
    const outcomes = await Promise.all(
      Array.from({ length: 4 }, () => finishTournament(finishDeps(), tournament.id)),
    )
    expect(outcomes.filter((outcome) => outcome === 'finished')).toHaveLength(1)
    expect(outcomes.filter((outcome) => outcome === 'already_finished')).toHaveLength(3)
    expect(await paidFor(tournament.id)).toHaveLength(1)
    expect(await accountBalance(db(), { playerId: winner.id, kind: 'cash', currency: COIN })).toBe(
      2500n,
    )
    expect(await wonNotices(winner.id)).toHaveLength(1)
    expect((await checkBooks(db())).isBalanced).toBe(true)
  })

  it('a run SIGKILLed mid-payout leaves nothing; the next pays once', async () => {
    const { tournament, winner } = await aSmallTournament()
    const [current] = await executePrepared<{ name: string }>(
      db(),
      'test_current_database',
      'select current_database() as name',
      [],
    )
    if (!current || template.kind !== 'postgres') throw new Error('PostgreSQL only')
    const child = spawn(
      'npx',
      [
        'tsx',
        'tests/helpers/tournament-finish-child.ts',
        withDatabase(template.url, current.name),
        String(tournament.id),
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    )
    let stderr = ''
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()))
    // The child holds its transaction open with every prize written; kill the process itself.
    const pid = await new Promise<number>((resolve, reject) => {
      let stdout = ''
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString()
        const ready = /ready (\d+)/.exec(stdout)
        if (ready) resolve(Number(ready[1]))
      })
      child.on('exit', () => reject(new Error(`the child ended before the payout: ${stderr}`)))
    })
    process.kill(pid, 'SIGKILL')
    await exited

    const after = await rowOf(tournament.id)
    expect(after).toMatchObject({ finishedAt: null, serverSeed: null })
    expect(await paidFor(tournament.id)).toEqual([])
    expect(await resultsOf(tournament.id)).toEqual([])

    // The killed connection lets go of the row once the server sees it gone.
    await eventually(async () =>
      expect(await finishTournament(finishDeps(), tournament.id)).toBe('finished'),
    )
    expect(await finishTournament(finishDeps(), tournament.id)).toBe('already_finished')
    expect(await paidFor(tournament.id)).toHaveLength(1)
    expect(await accountBalance(db(), { playerId: winner.id, kind: 'cash', currency: COIN })).toBe(
      2500n,
    )
    expect(await wonNotices(winner.id)).toHaveLength(1)
    expect((await checkBooks(db())).isBalanced).toBe(true)
  })
})
