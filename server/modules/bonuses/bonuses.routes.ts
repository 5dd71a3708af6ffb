import type { FastifyBaseLogger } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Messages } from '#common/messages.ts'
import { isCurrencyCode } from '#common/money.ts'
import type { Db, Tx } from '#db/client.ts'
import { envelopeOf, ok } from '#server/lib/envelope.ts'
import { AppError } from '#server/lib/errors.ts'
import type { EventBus } from '#server/lib/event-bus.ts'
import { requirePlayerId } from '#server/modules/auth/index.ts'
import { inLedgerTransaction } from '#server/modules/ledger/index.ts'
import { players } from '#server/modules/players/players.tables.ts'
import { notifyAfterCommit } from '#server/modules/notifications/index.ts'
import { loadRates } from '#server/modules/wallet/index.ts'
import { eq } from 'drizzle-orm'
import {
  activateBonus,
  cancelBonus,
  claimCode,
  listBonuses,
  publishBonus,
  viewOf,
} from './bonus-lifecycle.ts'
import { bonusNotice, bonusWording } from './bonus-notifications.ts'
import { loadBonusRules } from './bonus-rules-store.ts'
import type { PlayerBonusRow } from './bonus-view.ts'
import {
  BonusCodeBodySchema,
  BonusIdBodySchema,
  BonusListQuerySchema,
  BonusListResponseSchema,
  BonusResponseSchema,
} from './bonuses.contract.ts'

export interface BonusRoutesOptions {
  bus: EventBus
  /** A locale's catalogue with the operator's overrides, for the player's notifications. */
  messages: (locale: string) => Promise<Messages>
}

const ListEnvelope = envelopeOf(BonusListResponseSchema.shape.data)
const BonusEnvelope = envelopeOf(BonusResponseSchema)

/** The spec's bonus calls (`/bonus/*`): the player's lists, claiming a code, activating, cancelling. */
export const bonusRoutes: FastifyPluginAsyncZod<BonusRoutesOptions> = async (
  app,
  { bus, messages },
) => {
  const { db } = app.database
  const tags = ['bonuses']
  const SIGNED_IN = 'Signed in only (401 `auth.sign_in_required`).'

  /** After a committed change: the cabinet's bonus and the header's balances. */
  const announce = async (log: FastifyBaseLogger, row: PlayerBonusRow) => {
    try {
      await publishBonus(db, bus, await loadBonusRules(db), row, await loadRates(db))
    } catch (error) {
      log.warn({ err: error, bonusId: row.id }, 'bonus changed but not announced')
    }
  }
  const answer = async (row: PlayerBonusRow) =>
    ok({ bonus: await viewOf(db, await loadBonusRules(db), row, await loadRates(db)) })

  /** A change in one transaction (retried on a deadlock), announced after commit. */
  const change = async (
    log: FastifyBaseLogger,
    work: (tx: Tx) => Promise<{ row: PlayerBonusRow; isNew: boolean }>,
  ) => {
    const { row, isNew } = await inLedgerTransaction(db, work)
    if (isNew) await announce(log, row)
    return answer(row)
  }

  for (const [path, ended] of [
    ['/bonus/get-all', false],
    ['/bonus/get-old', true],
  ] as const) {
    app.get(
      path,
      {
        schema: {
          tags,
          summary: ended
            ? "The signed-in player's ended bonuses"
            : "The signed-in player's offered and active bonuses",
          description: `${ended ? 'Completed, expired, cancelled and declined' : 'Offered (claimed, waiting for a deposit or for the player to activate it) and active'} bonuses, newest first, one page of \`perPage\` (1-100, default 100) from page \`page\` (from 0); \`total\` counts them all. Money in minor units of each bonus's currency. ${SIGNED_IN}`,
          querystring: BonusListQuerySchema,
          response: { 200: ListEnvelope },
        },
      },
      async (request, reply) => {
        const playerId = await requirePlayerId(request)
        const { perPage, page } = request.query
        const { rows, total } = await listBonuses(db, {
          playerId,
          ended,
          limit: perPage,
          offset: page * perPage,
        })
        const live = await loadBonusRules(db)
        const rates = await loadRates(db)
        const bonuses = await Promise.all(rows.map((row) => viewOf(db, live, row, rates)))
        void reply.header('cache-control', 'no-store')
        return ok({ bonuses, total })
      },
    )
  }

  app.post(
    '/bonus/activate-code',
    {
      schema: {
        tags,
        summary: 'Claim a bonus code for the next deposit',
        description: `Stores an offer (amount 0) that the next qualifying deposit pays; the answer carries the deposit range (\`deposit_min\`, \`deposit_max\`) and the match. A repeat answers the same offer. 400 \`bonus.unknown_code\`; 409 when the player cannot take it now: \`bonus.disabled\`, \`bonus.wrong_deposit\` (a welcome bonus of another deposit), \`bonus.window_closed\`, \`bonus.already_taken\`, \`bonus.barred\` (a loss or wager limit reached), or first the player's protection bar (\`protection.time_out\`, \`protection.self_exclusion\`, \`protection.closed\`, \`protection.register\`, \`protection.play_time\`). ${SIGNED_IN}`,
        body: BonusCodeBodySchema,
        response: { 200: BonusEnvelope },
      },
    },
    async (request) => {
      const playerId = await requirePlayerId(request)
      const currency = await walletCurrency(db, playerId)
      const rates = await loadRates(db)
      const live = await loadBonusRules(db)
      return change(request.log, (tx) =>
        claimCode(tx, live, { playerId, code: request.body.code, currency, rates }),
      )
    },
  )

  app.post(
    '/bonus/activate',
    {
      schema: {
        tags,
        summary: 'Make a waiting bonus the active one',
        description: `A bonus a deposit paid while another was active becomes active now: its money moves to the bonus balance and its wagering time starts. An active one answers itself. 409 \`bonus.already_active\` while another bonus is active; 409 \`bonus.needs_deposit\` (params \`min\`, \`max\`, \`currency\`) for a claimed code still waiting for its deposit; 409 \`bonus.already_ended\`; 409 \`bonus.barred\` or the protection bar (\`protection.*\`) while the player is barred from play; 404 \`bonus.not_found\` for an unknown id or someone else's. ${SIGNED_IN}`,
        body: BonusIdBodySchema,
        response: { 200: BonusEnvelope },
      },
    },
    async (request) => {
      const playerId = await requirePlayerId(request)
      const rates = await loadRates(db)
      const live = await loadBonusRules(db)
      const wording = await bonusWording(db, messages, playerId)
      // Its money arrives now: the player hears of it as of a bonus paid with a deposit.
      return notifyAfterCommit({ bus, log: request.log }, (notify) =>
        change(request.log, async (tx) => {
          const before = await activateBonus(tx, live, { playerId, id: request.body.id, rates })
          if (before.wasActivated) {
            await notify(tx, bonusNotice('bonus_credited', before.row, wording))
          }
          return { row: before.row, isNew: before.wasActivated }
        }),
      )
    },
  )

  app.post(
    '/bonus/cancel',
    {
      schema: {
        tags,
        summary: 'Cancel a bonus',
        description: `An active bonus ends \`cancelled\`: its whole bonus balance (and what was won with it) is forfeited, the player's real money is untouched (\`settled\` says how much was forfeited). An offer ends \`declined\`. 409 \`bonus.already_ended\`; 404 \`bonus.not_found\` for an unknown id or someone else's. ${SIGNED_IN}`,
        body: BonusIdBodySchema,
        response: { 200: BonusEnvelope },
      },
    },
    async (request) => {
      const playerId = await requirePlayerId(request)
      return change(request.log, async (tx) => {
        const row = await cancelBonus(tx, { playerId, id: request.body.id })
        return { row, isNew: true }
      })
    },
  )
}

/** The player's current wallet currency: a claimed offer is in it. */
async function walletCurrency(db: Db, playerId: string) {
  const [player] = await db
    .select({ currency: players.currency })
    .from(players)
    .where(eq(players.id, playerId))
  if (!player || !isCurrencyCode(player.currency)) throw new AppError('auth.sign_in_required')
  return player.currency
}
