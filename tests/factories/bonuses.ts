import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { BonusCode } from '#common/bonus-rules.ts'
import type { CurrencyCode } from '#common/money.ts'
import type { Db } from '#db/client.ts'
import { inLedgerTransaction, postTransfer } from '#server/modules/ledger/index.ts'
import { playerBonuses } from '#server/modules/bonuses/bonuses.tables.ts'
import type { FastifyInstance } from 'fastify'
import { cardToken } from '#tests/helpers/sandbox-card.ts'

/**
 * An active bonus of `amountMinor` for a player, its money granted through the ledger exactly as
 * a deposit's grant does (`bonus_grant:<id>` from the house's bonus expense), so the books
 * balance. For the wagering and promotions tests, which need a running bonus without a deposit.
 */
export async function createBonus(
  db: Db,
  playerId: string,
  options: {
    code?: BonusCode
    currency?: CurrencyCode
    amountMinor?: bigint
    wageringTimes?: number
    maxBetMinor?: bigint
    expiresAt?: Date
    status?: 'active' | 'offered'
  } = {},
) {
  const currency = options.currency ?? 'EUR'
  const amountMinor = options.amountMinor ?? 20_00n
  const status = options.status ?? 'active'
  const now = new Date()
  return inLedgerTransaction(db, async (tx) => {
    const [row] = await tx
      .insert(playerBonuses)
      .values({
        id: randomUUID(),
        playerId,
        code: options.code ?? 'first',
        status,
        currency,
        amountMinor,
        wageringRequiredMinor: amountMinor * BigInt(options.wageringTimes ?? 10),
        maxBetMinor: options.maxBetMinor ?? 5_00n,
        activatedAt: status === 'active' ? now : null,
        expiresAt: options.expiresAt ?? new Date(now.getTime() + 7 * 24 * 60 * 60 * 1000),
      })
      .returning()
    if (!row) throw new Error('no bonus row')
    if (status === 'active') {
      const grant = await postTransfer(tx, {
        idempotencyKey: `bonus_grant:${row.id}`,
        code: 'bonus_grant',
        debit: { system: 'bonus_expense', currency, shardKey: playerId },
        credit: { playerId, kind: 'bonus', currency },
        amountMinor,
        reference: row.id,
      })
      if (grant.status !== 'posted') throw new Error(`grant failed: ${grant.status}`)
    }
    return row
  })
}

/** A player's bonus row as stored now. */
export async function bonusRow(db: Db, id: string) {
  const [row] = await db.select().from(playerBonuses).where(eq(playerBonuses.id, id))
  return row
}

/**
 * A card deposit through the real call (sandbox PSP), optionally taking a bonus code: what the
 * deposit dialog does. The player needs a complete profile (`completeProfile`).
 */
export async function cardDeposit(
  app: FastifyInstance,
  headers: Record<string, string>,
  amountMinor: string,
  bonusCode?: string,
) {
  return app.inject({
    method: 'POST',
    url: '/payment/deposit',
    headers,
    payload: {
      method_id: 'card',
      currency: 'EUR',
      amount: amountMinor,
      fields: { card_token: await cardToken(app) },
      idempotency_key: randomUUID(),
      ...(bonusCode !== undefined && { bonus_code: bonusCode }),
    },
  })
}
