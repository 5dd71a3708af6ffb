import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Db } from '#db/client.ts'
import { playerBalances, postTransfers } from '#server/modules/ledger/index.ts'
import { playerBonuses } from '#server/modules/bonuses/bonuses.tables.ts'
import type { TestApp } from '#tests/helpers/build-test-app.ts'
import { createPlayer, signIn } from './players.ts'
import { fundPlayer } from './wallet.ts'

// Players holding an active bonus for the wagering tests of every game (issue 22, part
// "wagering"): made directly in the database, as part "core" grants one, so these tests do not
// depend on the grant's own calls.

/**
 * A player with `cash` euro cents and an active bonus of `bonus` cents, granted as part "core"
 * grants one: the row, then the money from the house's bonus expense through the ledger.
 */
export async function playerWithBonus(
  t: TestApp,
  input: {
    cash: bigint
    bonus: bigint
    required: bigint
    maxBet?: bigint
  },
) {
  const db = () => t.database.db
  const player = await createPlayer(db())
  if (input.cash > 0n) await fundPlayer(db(), player.id, 'EUR', input.cash)
  const bonusId = randomUUID()
  await db()
    .insert(playerBonuses)
    .values({
      id: bonusId,
      playerId: player.id,
      code: 'first',
      status: 'active',
      currency: 'EUR',
      amountMinor: input.bonus,
      wageringRequiredMinor: input.required,
      maxBetMinor: input.maxBet ?? 500n,
      activatedAt: new Date(),
      expiresAt: new Date(Date.now() + 7 * 24 * 3600_000),
    })
  const granted = await postTransfers(db(), [
    {
      idempotencyKey: `bonus_grant:${bonusId}`,
      code: 'bonus_grant',
      debit: { system: 'bonus_expense', currency: 'EUR', shardKey: player.id },
      credit: { playerId: player.id, kind: 'bonus', currency: 'EUR' },
      amountMinor: input.bonus,
      reference: bonusId,
    },
  ])
  if (granted.status !== 'posted') throw new Error(`bonus grant: ${granted.status}`)
  return { player, bonusId, client: await signIn(t.app, player) }
}

/** Ends a bonus as a cancel or expiry does: its bonus money forfeited, cash untouched. */
export async function forfeitBonus(
  db: Db,
  playerId: string,
  bonusId: string,
  status: 'cancelled' | 'expired',
) {
  const { bonus } = await eurBalancesOf(db, playerId)
  if (bonus > 0n) {
    await postTransfers(db, [
      {
        idempotencyKey: `bonus_forfeit:${bonusId}`,
        code: 'bonus_forfeit',
        debit: { playerId, kind: 'bonus', currency: 'EUR' },
        credit: { system: 'bonus_expense', currency: 'EUR', shardKey: playerId },
        amountMinor: bonus,
        reference: bonusId,
      },
    ])
  }
  await db
    .update(playerBonuses)
    .set({ status, settledMinor: bonus, endedAt: new Date() })
    .where(eq(playerBonuses.id, bonusId))
}

/** The player's euro cash and bonus balances. */
export async function eurBalancesOf(db: Db, playerId: string) {
  const balances = await playerBalances(db, playerId)
  const of = (kind: string) =>
    balances.find((balance) => balance.currency === 'EUR' && balance.kind === kind)?.balanceMinor ??
    0n
  return { cash: of('cash'), bonus: of('bonus') }
}
