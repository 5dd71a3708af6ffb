import type { FastifyBaseLogger } from 'fastify'
import type { CasinoClient } from './casino-client.ts'
import type { StudioStore } from './store.ts'

// Where a round's money goes: the casino's seamless wallet for real play (every stake a `bet`,
// the round's payout one `win`), or the play money of a demo session kept in the studio's store.
// The round protocol (rounds.ts) drives both the same way.

export type BetAnswer =
  | { kind: 'ok'; balance: bigint | null }
  /** Refused: nothing moved; `code` is the casino's (or `insufficient_funds` for play money). */
  | { kind: 'refused'; code: string; balance: bigint | null; reason: string | null }
  /** No answer: the stake may or may not have been taken (the caller rolls it back). */
  | { kind: 'unknown' }

export interface Wallet {
  bet(input: { roundId: string; betId: string; amount: bigint; freeRoundId?: string }): Promise<BetAnswer>
  /** Pays the round (0 closes a lost one); what was paid (a casino may cap it) and the balance after. */
  win(input: { roundId: string; amount: bigint }): Promise<{ paid: bigint; balance: bigint | null }>
  /** Takes back a bet whose answer never came, or that a later step could not keep. */
  rollback(input: { roundId: string; betId: string }): Promise<void>
  balance(): Promise<bigint | null>
}

const bigOrNull = (value: unknown) =>
  typeof value === 'string' && /^\d+$/.test(value) ? BigInt(value) : null

/**
 * Wins and rollbacks the casino did not answer are sent again for a while: they are idempotent
 * by transaction id there, and a win the studio owes must reach the player. Note: this queue is
 * the process's memory; a studio in production keeps it in its own database.
 */
export function createRetryQueue(log: FastifyBaseLogger) {
  const timers = new Set<NodeJS.Timeout>()
  const MAX_ATTEMPTS = 30
  function later(
    client: CasinoClient,
    name: 'win' | 'rollback',
    payload: Record<string, unknown>,
    attempt = 1,
  ) {
    const timer = setTimeout(
      () => {
        timers.delete(timer)
        // Logged by transaction id only: the session token is a credential.
        const transactionId = payload.transaction_id
        void client.call(name, payload).then((answer) => {
          if (answer.kind !== 'unknown') {
            if (answer.kind === 'refused') {
              log.error({ transactionId, code: answer.code }, `${name} refused`)
            }
            return
          }
          if (attempt < MAX_ATTEMPTS) later(client, name, payload, attempt + 1)
          else log.error({ transactionId }, `${name} never reached the casino`)
        })
      },
      Math.min(60_000, 1000 * 2 ** attempt),
    )
    timer.unref()
    timers.add(timer)
  }
  return {
    later,
    stop() {
      for (const timer of timers) clearTimeout(timer)
      timers.clear()
    },
  }
}
export type RetryQueue = ReturnType<typeof createRetryQueue>

/** Real play: the casino's seamless wallet, for one casino session of one player. */
export function casinoWallet(input: {
  client: CasinoClient
  retries: RetryQueue
  log: FastifyBaseLogger
  session: string
  playerId: string
  currency: string
}): Wallet {
  const { client, retries, session, playerId, currency } = input
  const common = { session, player_id: playerId }
  return {
    async bet({ roundId, betId, amount, freeRoundId }) {
      const answer = await client.call('bet', {
        ...common,
        round_id: roundId,
        transaction_id: betId,
        amount: amount.toString(),
        currency,
        ...(freeRoundId && { free_round_id: freeRoundId }),
      })
      if (answer.kind === 'unknown') return { kind: 'unknown' }
      if (answer.kind === 'refused') {
        return {
          kind: 'refused',
          code: answer.code,
          balance: bigOrNull(answer.body.balance),
          reason: typeof answer.body.reason === 'string' ? answer.body.reason : null,
        }
      }
      return { kind: 'ok', balance: bigOrNull(answer.body.balance) }
    },
    async win({ roundId, amount }) {
      const payload = {
        ...common,
        round_id: roundId,
        transaction_id: `win-${roundId}`,
        amount: amount.toString(),
        currency,
      }
      const settled = await client.settle('win', payload)
      if (settled.kind === 'unknown') {
        retries.later(client, 'win', payload)
        // The win is on its way: the page adds the payout itself.
        return { paid: amount, balance: null }
      }
      if (settled.kind === 'refused') {
        // Only a rollback racing this round can cause it; the page shows what the casino holds.
        input.log.error({ roundId, code: settled.code }, 'the casino refused a win')
        return { paid: 0n, balance: await this.balance() }
      }
      // The casino pays at most its maximum win per round: `amount` is what it paid.
      return { paid: bigOrNull(settled.body.amount) ?? amount, balance: bigOrNull(settled.body.balance) }
    },
    async rollback({ roundId, betId }) {
      const payload = {
        ...common,
        round_id: roundId,
        transaction_id: `rollback-${betId}`,
        bet_transaction_id: betId,
      }
      const answer = await client.settle('rollback', payload)
      if (answer.kind === 'unknown') retries.later(client, 'rollback', payload)
    },
    async balance() {
      const answer = await client.call('balance', common)
      return answer.kind === 'ok' ? bigOrNull(answer.body.balance) : null
    },
  }
}

/** A demo session as the store keeps it: its play money travels with it. */
export interface DemoPurse {
  balance: bigint
}

/**
 * Demo play: the play money of one demo session, moved by compare-and-set on its stored record,
 * so two rounds at once cannot spend the same play money twice. Nothing reaches the casino.
 */
export function demoWallet(store: StudioStore, sessionKey: string, ttlMs: number): Wallet {
  async function move(
    delta: (balance: bigint) => bigint | null,
    attempts: number,
  ): Promise<bigint | null | 'short' | 'busy'> {
    for (let attempt = 0; attempt < attempts; attempt++) {
      const stored = await store.get<DemoPurse & Record<string, unknown>>(sessionKey)
      if (!stored) return null
      const next = delta(stored.value.balance)
      if (next === null) return 'short'
      if (await store.replace(sessionKey, stored.version, { ...stored.value, balance: next }, ttlMs)) {
        return next
      }
    }
    // Other rounds of this session kept moving the money: this one is refused, nothing moved.
    return 'busy'
  }
  return {
    async bet({ amount }) {
      const after = await move((balance) => (balance >= amount ? balance - amount : null), 5)
      if (after === 'short') return { kind: 'refused', code: 'insufficient_funds', balance: null, reason: null }
      if (after === 'busy') return { kind: 'refused', code: 'round_busy', balance: null, reason: null }
      if (after === null) return { kind: 'refused', code: 'session_expired', balance: null, reason: null }
      return { kind: 'ok', balance: after }
    },
    async win({ amount }) {
      // A win is owed: it keeps trying where a stake gives up.
      const after = await move((balance) => balance + amount, 100)
      return { paid: amount, balance: typeof after === 'bigint' ? after : null }
    },
    async rollback() {
      // Play money moves in the same step as its answer: there is never an unknown demo bet.
    },
    async balance() {
      return (await store.get<DemoPurse>(sessionKey))?.value.balance ?? null
    },
  }
}
