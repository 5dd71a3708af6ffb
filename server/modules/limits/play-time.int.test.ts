import { randomUUID } from 'node:crypto'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PLAY_GAP_MS, PLAY_TIME_WINDOW_MS, playTimeMs } from '#common/protection.ts'
import { createPlayer } from '#tests/factories/players.ts'
import { createTestDatabase } from '#tests/helpers/test-database.ts'
import type { Database } from '#db/client.ts'
import { uuidv7 } from '#server/lib/ids.ts'
import { bets } from '#server/modules/bets/bets.tables.ts'
import { playTimeUsed } from './play-time.ts'
import { playUsageRows } from './play-usage-rows.ts'

// The play time the database counts (one statement over the stakes, `playTimeUsed`) is the pure
// rule's (`playTimeMs`) on the same bets: random sittings and pauses, some older than the window.

let database: Database
beforeAll(async () => {
  database = await createTestDatabase()
})
afterAll(() => database.close())

/** Gaps between bets in ms: mostly within a sitting, sometimes a pause, sometimes two at once. */
const gapArbitrary = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: 0, max: PLAY_GAP_MS }) },
  { weight: 2, arbitrary: fc.integer({ min: PLAY_GAP_MS + 1, max: 3 * 60 * 60_000 }) },
  { weight: 1, arbitrary: fc.constant(0) },
)

describe('playTimeUsed', () => {
  it('counts what playTimeMs counts on the same bets in the last 24 hours', async () => {
    const now = new Date()
    await fc.assert(
      fc.asyncProperty(
        fc.array(gapArbitrary, { minLength: 0, maxLength: 40 }),
        fc.integer({ min: 0, max: 30 * 60 * 60_000 }),
        async (gaps, newestAgoMs) => {
          const player = await createPlayer(database.db)
          // Laid out backwards from the newest bet, so some sittings reach past the window.
          const times: Date[] = []
          let at = now.getTime() - newestAgoMs
          for (const gap of [0, ...gaps]) {
            at -= gap
            times.unshift(new Date(at))
          }
          if (times.length > 0) {
            await database.db.insert(bets).values(
              times.map((createdAt) => ({
                id: uuidv7(),
                playerId: player.id,
                game: 'dice',
                round: randomUUID(),
                currency: 'EUR',
                stakeMinor: 100n,
                payoutMinor: 0n,
                multiplierBp: 0,
                clientRequestId: randomUUID(),
                outcome: {},
                createdAt,
              })),
            )
          }
          const inWindow = times.filter(
            (time) => time.getTime() > now.getTime() - PLAY_TIME_WINDOW_MS,
          )
          const used = await playTimeUsed(database.db, player.id, playUsageRows, now)
          expect(used.usedMs).toBe(playTimeMs(inWindow))
          // Room frees up when the oldest counted gap's first bet leaves the window.
          const firstCounted = inWindow.findIndex(
            (time, index) =>
              index + 1 < inWindow.length &&
              (inWindow[index + 1]?.getTime() ?? 0) - time.getTime() <= PLAY_GAP_MS,
          )
          const freesAt =
            firstCounted === -1
              ? null
              : new Date((inWindow[firstCounted]?.getTime() ?? 0) + PLAY_TIME_WINDOW_MS)
          expect(used.freesAt).toEqual(freesAt)
        },
      ),
      { numRuns: 40 },
    )
  })
})
