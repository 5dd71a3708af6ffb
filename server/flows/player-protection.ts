import { and, eq, gt, inArray, or, sql } from 'drizzle-orm'
import type { Db, Tx } from '#db/client.ts'
import type { EventBus } from '#server/lib/event-bus.ts'
import { AppError, FieldErrors } from '#server/lib/errors.ts'
import { jurisdictionOf } from '#common/protection.ts'
import { recordAudit } from '#server/modules/audit/index.ts'
import type { SessionStore } from '#server/modules/auth/index.ts'
import {
  cancelActiveForWithdrawal,
  loadBonusRules,
  publishBonus,
  type PlayerBonusRow,
} from '#server/modules/bonuses/index.ts'
import { COIN, playerBalances, retryingConflicts } from '#server/modules/ledger/index.ts'
import {
  lockProtection,
  recordClosure,
  recordSignIn,
  startBreak,
  type ExclusionRegister,
  type PlayerProtectionFlows,
  type ProtectionRequest,
  type RegisterAnswer,
} from '#server/modules/limits/index.ts'
import { liveBets, liveRounds } from '#server/modules/live/live.tables.ts'
import { minesRounds } from '#server/modules/originals/originals.tables.ts'
import {
  paymentMethodLimits,
  paymentMethods,
  paymentTransactions,
} from '#server/modules/payments/payments.tables.ts'
import { verifyPassword } from '#server/modules/players/index.ts'
import { players } from '#server/modules/players/players.tables.ts'
import { endStudioSessions } from '#server/modules/studios/index.ts'

export interface PlayerProtectionDeps {
  db: Db
  bus: EventBus
  /** Where sessions live: closing an account ends every one of the player's. */
  sessions: SessionStore
  /** The national self-exclusion register asked at every sign-in. */
  register: ExclusionRegister
}

/**
 * A deposit started this recently and not yet settled keeps the account open: its money may still
 * arrive. An older one (a bank transfer never sent, a crypto address never paid) no longer does;
 * should it arrive after all, it is credited to the closed account and support pays it out.
 */
const DEPOSIT_IN_PROGRESS_MS = 7 * 24 * 3_600_000

/**
 * The protection use cases that reach beyond the limits module: the password (players), the
 * studios' sessions, the wallet, payments and games in play, bonuses and the session store.
 */
export function playerProtectionFlow(deps: PlayerProtectionDeps): PlayerProtectionFlows {
  const { db } = deps

  /** The account's password, as every protection call that cannot be undone asks for it. */
  async function assertPassword(
    request: ProtectionRequest,
    playerId: string,
    password: string,
    call: 'break' | 'close',
  ) {
    const [player] = await db
      .select({ passwordHash: players.passwordHash })
      .from(players)
      .where(eq(players.id, playerId))
    if (!player) throw new AppError('auth.sign_in_required')
    if (await verifyPassword(player.passwordHash, password)) return
    await recordAudit(db, request, {
      actorType: 'player',
      actorId: playerId,
      playerId,
      action: 'protection.password_failed',
      details: { call },
    })
    throw new FieldErrors(
      { password: { code: 'password_incorrect' } },
      'players.password_incorrect',
    )
  }

  /**
   * The cash a closure may leave in the account: per currency, a balance below the smallest
   * withdrawal any method takes in it (no method at all: the whole balance), which the player
   * could never withdraw and which must not keep the account open. It stays theirs; support pays
   * it out on request. Undefined when closing now would leave withdrawable money behind, a
   * withdrawal in progress, a deposit under way or a bet in play.
   */
  async function cashLeftOnClosing(
    tx: Tx,
    playerId: string,
    now: Date,
  ): Promise<Map<string, bigint> | undefined> {
    const balances = (await playerBalances(tx, playerId)).filter(
      (balance) => balance.currency !== COIN && balance.balanceMinor > 0n,
    )
    if (balances.some((balance) => balance.kind === 'held')) return undefined
    const cash = balances.filter((balance) => balance.kind === 'cash')
    const minimums = new Map<string, bigint>()
    if (cash.length > 0) {
      const rows = await tx
        .select({
          currency: paymentMethodLimits.currency,
          minMinor: sql<string>`min(${paymentMethodLimits.minMinor})::text`,
        })
        .from(paymentMethodLimits)
        .innerJoin(paymentMethods, eq(paymentMethods.id, paymentMethodLimits.methodId))
        .where(
          and(
            eq(paymentMethodLimits.direction, 'withdrawal'),
            eq(paymentMethods.isEnabled, true),
            inArray(
              paymentMethodLimits.currency,
              cash.map((balance) => balance.currency),
            ),
          ),
        )
        .groupBy(paymentMethodLimits.currency)
      for (const row of rows) minimums.set(row.currency, BigInt(row.minMinor))
    }
    const left = new Map<string, bigint>()
    for (const balance of cash) {
      const minimum = minimums.get(balance.currency)
      if (minimum !== undefined && balance.balanceMinor >= minimum) return undefined
      left.set(balance.currency, balance.balanceMinor)
    }
    const [payment] = await tx
      .select({ id: paymentTransactions.id })
      .from(paymentTransactions)
      .where(
        and(
          eq(paymentTransactions.playerId, playerId),
          eq(paymentTransactions.status, 'pending'),
          or(
            eq(paymentTransactions.direction, 'withdrawal'),
            gt(paymentTransactions.createdAt, new Date(now.getTime() - DEPOSIT_IN_PROGRESS_MS)),
          ),
        ),
      )
      .limit(1)
    if (payment) return undefined
    const [mines] = await tx
      .select({ id: minesRounds.id })
      .from(minesRounds)
      .where(and(eq(minesRounds.playerId, playerId), eq(minesRounds.status, 'active')))
      .limit(1)
    if (mines) return undefined
    const [live] = await tx
      .select({ id: liveBets.id })
      .from(liveBets)
      .innerJoin(liveRounds, eq(liveRounds.id, liveBets.roundId))
      .where(
        and(eq(liveBets.playerId, playerId), inArray(liveRounds.status, ['betting', 'running'])),
      )
      .limit(1)
    return live ? undefined : left
  }

  return {
    async takeBreak(request, input) {
      const { playerId } = input
      await assertPassword(request, playerId, input.password, 'break')
      await retryingConflicts(() =>
        db.transaction(async (tx) => {
          const started = await startBreak(tx, {
            playerId,
            kind: input.kind,
            period: input.period,
            actor: 'player',
          })
          // In the break's transaction: a studio's next bet finds its session over.
          await endStudioSessions(tx, playerId, started.at)
          await recordAudit(tx, request, {
            actorType: 'player',
            actorId: playerId,
            playerId,
            action: 'protection.break_started',
            details: {
              kind: input.kind,
              period: input.period,
              until: started.until.toISOString(),
              extended: started.extended,
            },
          })
        }),
      )
    },

    async closeAccount(request, input) {
      const { playerId } = input
      await assertPassword(request, playerId, input.password, 'close')
      const now = new Date()
      const cancelled: PlayerBonusRow[] = []
      const ended = await retryingConflicts(() =>
        db.transaction(async (tx) => {
          cancelled.length = 0
          // Lock order, as every bet takes them: the protection row, the bonus, the accounts.
          const row = await lockProtection(tx, playerId)
          const cashLeft = await cashLeftOnClosing(tx, playerId, now)
          if (!cashLeft) throw new AppError('protection.close_balance')
          // Bonus money is forfeited: the active bonus (in whichever wallet) is cancelled as a
          // withdrawal cancels it, its bonus money to the house.
          const currencies = new Set(
            (await playerBalances(tx, playerId))
              .filter((balance) => balance.currency !== COIN)
              .map((balance) => balance.currency),
          )
          for (const currency of currencies) {
            const bonus = await cancelActiveForWithdrawal(tx, { playerId, currency, now })
            if (bonus) cancelled.push(bonus)
          }
          // What stays in the account, as the history and the audit log show it (`EUR:500`).
          const left = [...cashLeft].map(([currency, minor]) => `${currency}:${String(minor)}`)
          if (row.closedAt === null) {
            await recordClosure(
              tx,
              { playerId, reason: input.reason, cashLeft: left.join(',') || null },
              now,
            )
          }
          await endStudioSessions(tx, playerId, now)
          const endedSessions = await deps.sessions.endPlayerSessions(playerId, undefined, tx)
          await recordAudit(tx, request, {
            actorType: 'player',
            actorId: playerId,
            playerId,
            action: 'account.closed',
            details: {
              reason: input.reason,
              cashLeft: left,
              endedSessions: endedSessions.length,
              bonusesForfeited: cancelled.map((bonus) => bonus.id),
            },
          })
          return endedSessions
        }),
      )
      if (cancelled.length > 0) {
        const live = await loadBonusRules(db)
        for (const bonus of cancelled) await publishBonus(db, deps.bus, live, bonus)
      }
      return ended
    },

    async atSignIn(request, playerId) {
      const [player] = await db
        .select({
          email: players.email,
          lastName: players.lastName,
          birthDate: players.birthDate,
          country: players.country,
        })
        .from(players)
        .where(eq(players.id, playerId))
      if (!player) throw new AppError('auth.sign_in_required')
      let register: RegisterAnswer | undefined
      try {
        register = await deps.register.check({
          email: player.email,
          lastName: player.lastName,
          birthDate: player.birthDate,
        })
      } catch (error) {
        // A register that cannot answer must not keep players from their money: the sign-in
        // goes on, and the last answer it gave stands.
        request.log.warn({ err: error, playerId }, 'self-exclusion register did not answer')
      }
      const now = new Date()
      const { closed } = await retryingConflicts(() =>
        db.transaction((tx) =>
          recordSignIn(tx, { playerId, rules: jurisdictionOf(player.country), register }, now),
        ),
      )
      if (!closed) return
      await recordAudit(db, request, {
        actorType: 'player',
        actorId: playerId,
        playerId,
        action: 'login.failed',
        details: { reason: 'account_closed' },
      })
      throw new AppError('auth.account_closed')
    },
  }
}
