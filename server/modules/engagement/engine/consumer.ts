import type { EngagementEvent } from '#common/engagement-rules.ts'
import type { Db, Tx } from '#db/client.ts'
import type { EventBus } from '#server/lib/event-bus.ts'
import type { Notify } from '#server/modules/notifications/index.ts'
import type { Texts } from '#server/modules/site/index.ts'

// The engine's hook for other modules' rules, apart from the engine itself: the modules that
// implement a consumer (rewards) and the ones the engine reads (players, wallet) stay out of each
// other's import paths.

/**
 * What one drain applied, for the other modules' rules: the events of players not barred from
 * play (a bet's euro amounts by the drain's rate table; a level reached arrives as a `level_up`
 * event in the next drain) and the quest tasks paid in it. Each is seen by exactly one committed drain.
 */
export interface EngagementBatch {
  events: readonly { playerId: string; at: Date; event: EngagementEvent; cashEurMinor: bigint }[]
  rewards: readonly { playerId: string; templateId: number; periodKey: string }[]
}

/**
 * A module's rules on the engine's events (the prize wheel's progress, earned lottery tickets,
 * lootboxes for levels and tasks). `prepare` reads outside the transaction (on the embedded
 * database a read on `db` inside it would wait); `apply` writes in the drain's transaction, so its
 * effects commit with the inbox rows' deletion, exactly once; `notify` sends after the commit.
 */
export interface EngagementConsumer {
  name: string
  prepare?: (db: Db) => Promise<void>
  /** May answer what to publish once the drain has committed (socket messages, wallets). */
  apply: (
    tx: Tx,
    batch: EngagementBatch,
    notify: Notify,
    context: ConsumerContext,
  ) => Promise<AfterCommit | void>
}

/**
 * What a consumer may use besides the transaction: the bus for after-commit messages, the
 * database for after-commit reads (never inside `apply`: on the embedded database a read on it
 * waits for the drain's transaction), words.
 */
export interface ConsumerContext {
  bus: EventBus
  db: Db
  /** A locale prefix's words, read before the transaction (English when its catalogue failed). */
  texts: (locale: string) => Texts
}

/** Runs after the drain's commit; a failure is logged, never undoes the drain. */
export type AfterCommit = () => Promise<void>
