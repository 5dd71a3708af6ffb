import type { FastifyBaseLogger } from 'fastify'
import type { Messages } from '#common/messages.ts'
import type { Db } from '#db/client.ts'
import type { EventBus } from '#server/lib/event-bus.ts'
import type { Jobs } from '#server/lib/jobs.ts'
import { inLedgerTransaction } from '#server/modules/ledger/index.ts'
import { notifyAfterCommit } from '#server/modules/notifications/index.ts'
import { expireOffers, expireOneActive, publishBonus } from './bonus-lifecycle.ts'
import { loadBonusRules } from './bonus-rules-store.ts'
import { bonusNotice, bonusWording } from './bonus-notifications.ts'
import type { PlayerBonusRow } from './bonus-view.ts'

export interface ExpiryDeps {
  db: Db
  bus: EventBus
  messages: (locale: string) => Promise<Messages>
  log: Pick<FastifyBaseLogger, 'warn'>
}

/** The queue whose runs are the expiry sweep. */
export const BONUS_EXPIRY_QUEUE = 'bonus-expiry'

/** How often bonuses past their time are expired. */
export const EXPIRY_SWEEP_INTERVAL_MS = 60_000

/** Active bonuses one run expires at most; the rest wait for the next run. */
const ACTIVE_BATCH = 200

/**
 * One run of the expiry sweep. Offers past their time (a closed box, a queued bonus never
 * activated) end `expired` in one statement; active bonuses past `expires_at` are forfeited one
 * transaction each (their bonus balance to the house, cash untouched). Every lock is taken with
 * SKIP LOCKED, so instances sweeping together never expire one bonus twice, and a bonus a bet or
 * a cancel holds is met on the next run. The player hears of an expired bonus that held money.
 */
export async function sweepExpiredBonuses(deps: ExpiryDeps, now = new Date()): Promise<number> {
  const ended: PlayerBonusRow[] = await inLedgerTransaction(deps.db, (tx) => expireOffers(tx, now))
  for (const row of ended) await announce(deps, row, row.amountMinor > 0n)
  let expired = ended.length
  for (let index = 0; index < ACTIVE_BATCH; index++) {
    const row = await inLedgerTransaction(deps.db, (tx) => expireOneActive(tx, now))
    if (!row) break
    await announce(deps, row, true)
    expired++
  }
  return expired
}

/** After commit: the notification (stored now, it was not part of the money's transaction), the cabinet and the header. */
async function announce(deps: ExpiryDeps, row: PlayerBonusRow, notifies: boolean) {
  try {
    if (notifies) {
      const wording = await bonusWording(deps.db, deps.messages, row.playerId)
      await notifyAfterCommit(deps, (notify) =>
        deps.db.transaction((tx) => notify(tx, bonusNotice('bonus_expired', row, wording))),
      )
    }
    await publishBonus(deps.db, deps.bus, await loadBonusRules(deps.db), row)
  } catch (error) {
    deps.log.warn({ err: error, bonusId: row.id }, 'bonus expired but not announced')
  }
}

/**
 * The expiry sweep as a job: the queue `bonus-expiry`, one run every `EXPIRY_SWEEP_INTERVAL_MS`
 * across the instances. A failed run is not retried: the next slot's run is its retry, and the
 * sweep's SKIP LOCKED claims keep a run that overlaps another from expiring a bonus twice.
 */
export function defineBonusExpiry(jobs: Jobs, deps: ExpiryDeps): void {
  jobs.define(
    BONUS_EXPIRY_QUEUE,
    async () => {
      await sweepExpiredBonuses(deps)
    },
    { expireInSeconds: 300, retryLimit: 0 },
  )
  jobs.every(BONUS_EXPIRY_QUEUE, EXPIRY_SWEEP_INTERVAL_MS)
}
