import { randomUUID } from 'node:crypto'
import { asc, eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Database } from '#db/client.ts'
import { createEventBus, type EventBus } from '#server/lib/event-bus.ts'
import { jobIdOf } from '#server/lib/jobs.ts'
import { MAX_EVENT_ATTEMPTS, type EngagementConsumer } from '#server/modules/engagement/index.ts'
import { bets } from '#server/modules/bets/bets.tables.ts'
import { engagementEvents } from '#server/modules/engagement/engagement.tables.ts'
import { accountBalance, checkBooks, COIN } from '#server/modules/ledger/index.ts'
import { ledgerTransfers } from '#server/modules/ledger/ledger.tables.ts'
import { createPlayer, testSecretBox } from '#tests/factories/players.ts'
import { buildTestApp } from '#tests/helpers/build-test-app.ts'
import { drainDepsOf, drainOnce, insertBet } from '#tests/helpers/engagement.ts'
import { createTestDatabase } from '#tests/helpers/test-database.ts'
import { insertEntry, insertSealedTournament } from '#tests/helpers/tournament-rows.ts'
import {
  finishTournament,
  INBOX_WAIT_MS,
  LATE_COMMIT_GRACE_MS,
  startDueTournaments,
  type FinishDeps,
} from './schedule.ts'
import { TOURNAMENT_QUEUE } from './settle.ts'
import { tournamentEntries, tournamentResults, tournaments } from './tournaments.tables.ts'

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

const asked: { name: string; at: Date; key: string }[] = []
function finishDeps(): FinishDeps {
  const words = drainDepsOf(db(), bus)
  return {
    db: db(),
    bus,
    secretBox: testSecretBox,
    messages: words.messages,
    log: words.log,
    jobs: {
      runAt: (name, at, key) => {
        asked.push({ name, at, key })
        return Promise.resolve()
      },
    },
  }
}

/**
 * A stand-in for the scoring part's consumer (`total_wagered`): each drained bet adds its stake to
 * its player's entries in unfinished tournaments running at the bet's time. What is tested here is
 * that the end waits for the drain, not how a bet scores.
 */
const wageredScoring: EngagementConsumer = {
  name: 'test-wagered',
  apply: async (tx, batch) => {
    for (const { playerId, at, event } of batch.events) {
      if (event.kind !== 'bet') continue
      await tx.execute(sql`
        update tournament_entries e
        set score = e.score + ${event.amountEurMinor}, reached_at = ${at.toISOString()}::timestamptz,
            bets = e.bets + 1
        from tournaments t
        where t.id = e.tournament_id and e.player_id = ${playerId} and t.finished_at is null
          and t.starts_at <= ${at.toISOString()}::timestamptz
          and t.ends_at > ${at.toISOString()}::timestamptz`)
    }
  },
}

const drain = () => drainOnce({ ...drainDepsOf(db(), bus), consumers: [wageredScoring] })

const rowOf = async (id: number) => {
  const [row] = await db().select().from(tournaments).where(eq(tournaments.id, id))
  if (!row) throw new Error('no tournament')
  return row
}

const resultsOf = (id: number) =>
  db()
    .select()
    .from(tournamentResults)
    .where(eq(tournamentResults.tournamentId, id))
    .orderBy(asc(tournamentResults.place))

// The prize's transfer (the player's coins also move by the seeded quests' rewards for bets).
const prizePaid = (id: number) =>
  db()
    .select()
    .from(ledgerTransfers)
    .where(eq(ledgerTransfers.idempotencyKey, `prize:tournament:${id}:1`))

/**
 * A tournament running now, ended by the test once its bets are made: the bets are moved a minute
 * back and the end half a minute back, past the grace for late commits.
 */
async function aRunningTournament() {
  const { tournament } = await insertSealedTournament(db(), {
    endsAt: new Date(Date.now() + 3_600_000),
    prizes: [
      { fromPlace: 1, toPlace: 1, prize: { kind: 'coins', coinsMinor: '900' }, label: '9 coins' },
    ],
  })
  const end = async (betIds: string[]) => {
    if (betIds.length > 0) {
      await db()
        .update(bets)
        .set({ createdAt: sql`${bets.createdAt} - interval '1 minute'` })
        .where(inArray(bets.id, betIds))
    }
    await db()
      .update(tournaments)
      .set({ endsAt: sql`now() - interval '30 seconds'` })
      .where(eq(tournaments.id, tournament.id))
  }
  return { tournament, end }
}

describe('the finish waits for the engine to count the last bets', () => {
  it('a bet made before the end and not yet drained: waiting, nothing paid; after the drain it counts', async () => {
    const { tournament, end } = await aRunningTournament()
    const player = await createPlayer(db())
    const entryId = await insertEntry(db(), tournament.id, player.id)
    await end([await insertBet(db(), player.id, { stakeMinor: 250n })])

    asked.length = 0
    const before = Date.now()
    expect(await finishTournament(finishDeps(), tournament.id)).toBe('waiting')
    expect(asked).toHaveLength(1)
    expect(asked[0]?.name).toBe(TOURNAMENT_QUEUE)
    expect(asked[0]?.key).toMatch(new RegExp(`^end:${tournament.id}:wait:\\d+$`))
    expect(asked[0]?.at.getTime()).toBeGreaterThanOrEqual(before + INBOX_WAIT_MS)
    expect((await rowOf(tournament.id)).finishedAt).toBeNull()
    expect(await resultsOf(tournament.id)).toEqual([])
    expect(await prizePaid(tournament.id)).toEqual([])

    await drain()
    expect(await finishTournament(finishDeps(), tournament.id)).toBe('finished')
    expect(await resultsOf(tournament.id)).toMatchObject([{ place: 1, entryId, score: 250n }])
    expect(await prizePaid(tournament.id)).toMatchObject([{ amountMinor: 900n, currency: COIN }])
    expect((await checkBooks(db())).isBalanced).toBe(true)
  })

  it('is not held by a parked row, a bet after the end, nor a bet of someone who did not join', async () => {
    const { tournament, end } = await aRunningTournament()
    const entrant = await createPlayer(db())
    const outsider = await createPlayer(db())
    await insertEntry(db(), tournament.id, entrant.id, {
      score: 40n,
      reachedAt: new Date(Date.now() - 60_000),
    })
    const outsiders = await insertBet(db(), outsider.id)
    const parked = await insertBet(db(), entrant.id)
    await db()
      .update(engagementEvents)
      .set({ attempts: MAX_EVENT_ATTEMPTS })
      .where(eq(engagementEvents.sourceId, parked))
    await end([outsiders, parked])
    await insertBet(db(), entrant.id)

    expect(await finishTournament(finishDeps(), tournament.id)).toBe('finished')
    expect(await resultsOf(tournament.id)).toMatchObject([{ place: 1, score: 40n }])
    // The rows this test left: the parked one stays; drain the rest for the other tests.
    await drain()
  })
})

describe('the finish right after the end', () => {
  it('waits out the grace for bets committing late, and asks a run after it', async () => {
    const { tournament } = await insertSealedTournament(db(), {
      endsAt: new Date(Date.now() - 100),
      prizes: [
        { fromPlace: 1, toPlace: 1, prize: { kind: 'coins', coinsMinor: '900' }, label: '9 coins' },
      ],
    })
    asked.length = 0
    expect(await finishTournament(finishDeps(), tournament.id)).toBe('waiting')
    expect(asked).toMatchObject([
      {
        name: TOURNAMENT_QUEUE,
        key: `end:${tournament.id}:${tournament.endsAt.toISOString()}:late`,
      },
    ])
    expect(asked[0]?.at.getTime()).toBeGreaterThan(
      tournament.endsAt.getTime() + LATE_COMMIT_GRACE_MS,
    )
    await vi.waitFor(
      async () => expect(await finishTournament(finishDeps(), tournament.id)).toBe('finished'),
      { timeout: 5000, interval: 200 },
    )
  })
})

describe('the start', () => {
  it('marks a due tournament started once, and tells its watchers once', async () => {
    const { tournament } = await insertSealedTournament(db(), {
      startsAt: new Date(Date.now() - 1000),
      endsAt: new Date(Date.now() + 3_600_000),
    })
    const { tournament: later } = await insertSealedTournament(db(), {
      startsAt: new Date(Date.now() + 3_600_000),
      endsAt: new Date(Date.now() + 7_200_000),
    })
    const phases: { tournament_id: number; phase: string }[] = []
    const off = bus.subscribe('tournament.phase', (event) => {
      phases.push(event)
    })
    try {
      const [first, second] = await Promise.all([
        startDueTournaments(finishDeps()),
        startDueTournaments(finishDeps()),
      ])
      expect([...first, ...second].filter((id) => id === tournament.id)).toEqual([tournament.id])
      expect([...first, ...second]).not.toContain(later.id)
      expect(await startDueTournaments(finishDeps())).not.toContain(tournament.id)
      await vi.waitFor(() =>
        expect(phases.filter((event) => event.tournament_id === tournament.id)).toEqual([
          { tournament_id: tournament.id, phase: 'running' },
        ]),
      )
    } finally {
      off()
    }
    expect((await rowOf(tournament.id)).startedAt).not.toBeNull()
    expect((await rowOf(later.id)).startedAt).toBeNull()
  })
})

describe('the job queue starts and finishes a tournament by itself', () => {
  it('an app that works jobs: started at its start, finished and paid at its end', async () => {
    // Far enough ahead that the app is up before the start (a fresh database and an app take a
    // few seconds on a loaded machine), so that the precise runs do the work.
    const startsAt = new Date(Date.now() + 6000)
    const endsAt = new Date(Date.now() + 8000)
    let tournamentId = 0
    let winnerId = ''
    // Written before the app starts: the queue's first run (with the start) asks the precise runs.
    const t = await buildTestApp({
      env: { JOBS: 'true' },
      beforeStart: async (fresh) => {
        const { tournament } = await insertSealedTournament(fresh.db, {
          startsAt,
          endsAt,
          prizes: [
            {
              fromPlace: 1,
              toPlace: 1,
              prize: { kind: 'coins', coinsMinor: '300' },
              label: '3 coins',
            },
          ],
        })
        const winner = await createPlayer(fresh.db)
        await fresh.db.insert(tournamentEntries).values({
          id: randomUUID(),
          tournamentId: tournament.id,
          playerId: winner.id,
          score: 10n,
          reachedAt: new Date(startsAt.getTime() + 500),
          bets: 1,
        })
        tournamentId = tournament.id
        winnerId = winner.id
      },
    })
    const appDb = t.database.db
    const row = async () => {
      const [found] = await appDb.select().from(tournaments).where(eq(tournaments.id, tournamentId))
      if (!found) throw new Error('no tournament')
      return found
    }
    await vi.waitFor(
      async () => {
        expect((await row()).finishedAt).not.toBeNull()
      },
      { timeout: 20_000, interval: 200 },
    )
    const finished = await row()
    expect(finished.startedAt?.getTime()).toBeGreaterThanOrEqual(startsAt.getTime())
    expect(finished.finishedAt?.getTime()).toBeGreaterThanOrEqual(endsAt.getTime())
    // The precise run, not the 30 s catch-up.
    expect(finished.finishedAt?.getTime()).toBeLessThan(endsAt.getTime() + 10_000)
    expect(await accountBalance(appDb, { playerId: winnerId, kind: 'cash', currency: COIN })).toBe(
      300n,
    )
    // The runs asked for the start and the end did it (each completes once its handler returns).
    const asked = [
      jobIdOf(TOURNAMENT_QUEUE, `start:${tournamentId}:${startsAt.toISOString()}`),
      jobIdOf(TOURNAMENT_QUEUE, `end:${tournamentId}:${endsAt.toISOString()}`),
    ]
    await vi.waitFor(async () => {
      const found = await appDb.execute(
        sql`select state from pgboss.job where id in (${asked[0]}::uuid, ${asked[1]}::uuid)`,
      )
      expect((found as { rows: { state: string }[] }).rows).toEqual([
        { state: 'completed' },
        { state: 'completed' },
      ])
    })
  })
})
