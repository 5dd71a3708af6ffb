import { asc } from 'drizzle-orm'
import type { FastifyPluginAsync } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { Tx } from '#db/client.ts'
import { ok } from '#server/lib/envelope.ts'
import { AppError } from '#server/lib/errors.ts'
import { recordAudit } from '#server/modules/audit/index.ts'
import { requireOperatorRole } from '#server/modules/auth/index.ts'
import type { CoreDeps } from '#server/plugins/module-deps.ts'
import { loyaltyLevels, vipTiers } from './engagement.tables.ts'
import {
  LevelsBodySchema,
  LevelsResponseSchema,
  TiersBodySchema,
  TiersResponseSchema,
  type LevelInput,
  type TierInput,
} from './loyalty.admin.contract.ts'
import { forgetLoyaltyTables } from './loyalty-tables.ts'

type LevelRow = typeof loyaltyLevels.$inferSelect
type TierRow = typeof vipTiers.$inferSelect

const toLevelInput = (row: LevelRow): LevelInput => ({
  level: row.level,
  from_points: row.fromPoints,
  image_url: row.imageUrl,
  reward_coins: Number(row.rewardCoinsMinor) / 100,
  texts: row.texts,
})

const toTierInput = (row: TierRow): TierInput => ({
  tier: row.tier,
  from_level: row.fromLevel,
  image_url: row.imageUrl,
  cashback_bp: row.cashbackBp,
  cashback_cap_eur: row.cashbackCapEurMinor.toString(),
  coin_multiplier_bp: row.coinMultiplierBp,
  withdrawal_limit_eur: row.withdrawalLimitEurMinor.toString(),
  texts: row.texts,
})

/**
 * Levels numbered 1, 2, 3… in order, the first from 0 points, each from more points than the
 * one before; refused with 400 `loyalty.levels_unordered` otherwise.
 */
export function assertLevelsOrdered(levels: readonly LevelInput[]): void {
  const ordered = levels.every(
    (entry, index) =>
      entry.level === index + 1 &&
      (index === 0
        ? entry.from_points === 0
        : entry.from_points > (levels[index - 1]?.from_points ?? 0)),
  )
  if (!ordered) throw new AppError('loyalty.levels_unordered')
}

/**
 * Tiers numbered 1, 2, 3… in order, each from a higher level than the one before; refused with
 * 400 `loyalty.tiers_unordered` otherwise. A tier from a level the table lacks is 409
 * `loyalty.tier_level_unknown` (param `level`).
 */
export function assertTiersOrdered(tiers: readonly TierInput[], levels: ReadonlySet<number>): void {
  const ordered = tiers.every(
    (entry, index) =>
      entry.tier === index + 1 &&
      (index === 0 || entry.from_level > (tiers[index - 1]?.from_level ?? 0)),
  )
  if (!ordered) throw new AppError('loyalty.tiers_unordered')
  const missing = tiers.find((entry) => !levels.has(entry.from_level))
  if (missing) {
    throw new AppError('loyalty.tier_level_unknown', { params: { level: missing.from_level } })
  }
}

/** Both tables locked for the replace: two operators' edits take turns, and see each other's. */
async function lockTables(tx: Tx): Promise<{ levels: LevelRow[]; tiers: TierRow[] }> {
  const levels = await tx
    .select()
    .from(loyaltyLevels)
    .orderBy(asc(loyaltyLevels.fromPoints))
    .for('update')
  const tiers = await tx.select().from(vipTiers).orderBy(asc(vipTiers.fromLevel)).for('update')
  return { levels, tiers }
}

const minorOfCoins = (coins: number): bigint => BigInt(Math.round(coins * 100))

/**
 * The operators' loyalty calls: the levels and the VIP tiers, each read and replaced as a whole
 * (short tables, so not paged). Edits are audited and drop every instance's cached copy
 * (`loyalty.levels.changed`).
 */
export const loyaltyAdminRoutes: FastifyPluginAsync<CoreDeps> = async (plain, deps) => {
  const app = plain.withTypeProvider<ZodTypeProvider>()
  const { db, bus } = deps
  const tags = ['operator', 'loyalty']
  // Levels pay coins and tiers pay cashback and raise withdrawal limits: money, so finance edits
  // them beside content, which writes what players read; the auditor reads.
  const READ_NOTE =
    'Needs an operator with the finance, content, auditor or admin role: 401 without an operator session, 403 without the role.'
  const ROLE_NOTE =
    'Needs an operator with the finance, content or admin role: 401 without an operator session, 403 without the role.'
  const NAMES_NOTE =
    '`texts` holds the name in each of the 16 locales (en de fr de_at au nz fr-ca ca pt no pl fi en-ar ar-en it ee); a locale left out or empty is 400 `request.invalid`.'

  const changed = async () => {
    forgetLoyaltyTables(db)
    await bus.publish('loyalty.levels.changed', {})
    // The loyalty and VIP pages are cached for visitors.
    await bus.publish('site.changed', { scope: 'pages' })
  }

  app.get(
    '/admin/api/loyalty-levels',
    {
      schema: {
        tags,
        summary: 'The loyalty levels',
        description: `Every level in order: its number, the points it starts at, its badge, the coins it pays once reached and its names. ${READ_NOTE}`,
        response: { 200: LevelsResponseSchema },
      },
    },
    async (request, reply) => {
      await requireOperatorRole(request, ['finance', 'content', 'auditor'])
      const rows = await db.select().from(loyaltyLevels).orderBy(asc(loyaltyLevels.fromPoints))
      void reply.header('cache-control', 'no-store')
      return ok({ levels: rows.map(toLevelInput) })
    },
  )

  app.put(
    '/admin/api/loyalty-levels',
    {
      schema: {
        tags,
        summary: 'Replace the loyalty levels',
        description: `Replaces the whole table with \`levels\`: numbered 1, 2, 3… in order, the first from 0 points, each from more points than the one before (else 400 \`loyalty.levels_unordered\`); every VIP tier must still start at one of them (else 409 \`loyalty.tier_level_unknown\`). \`reward_coins\` has at most two decimals. ${NAMES_NOTE} Players keep their points; their level follows from them on the new table. Audited. ${ROLE_NOTE}`,
        body: LevelsBodySchema,
        response: { 200: LevelsResponseSchema },
      },
    },
    async (request, reply) => {
      const operator = await requireOperatorRole(request, ['finance', 'content'])
      const { levels } = request.body
      assertLevelsOrdered(levels)
      const rows = await db.transaction(async (tx) => {
        const before = await lockTables(tx)
        assertTiersOrdered(
          before.tiers.map(toTierInput),
          new Set(levels.map((entry) => entry.level)),
        )
        await tx.delete(loyaltyLevels)
        const after = await tx
          .insert(loyaltyLevels)
          .values(
            levels.map((entry) => ({
              level: entry.level,
              fromPoints: entry.from_points,
              imageUrl: entry.image_url,
              rewardCoinsMinor: minorOfCoins(entry.reward_coins),
              texts: entry.texts,
            })),
          )
          .returning()
        await recordAudit(tx, request, {
          actorType: 'operator',
          actorId: operator.id,
          action: 'loyalty_levels.replaced',
          details: { before: before.levels.map(toLevelInput), after: after.map(toLevelInput) },
        })
        return after.sort((a, b) => a.fromPoints - b.fromPoints)
      })
      await changed()
      void reply.header('cache-control', 'no-store')
      return ok({ levels: rows.map(toLevelInput) })
    },
  )

  app.get(
    '/admin/api/vip-tiers',
    {
      schema: {
        tags,
        summary: 'The VIP tiers',
        description: `Every tier in order: its number, the level it starts at, its badge, its weekly cashback (basis points of the week’s net loss, capped in euro cents), coin multiplier (basis points, 10 000 = 1×), daily withdrawal limit in euro cents, and its names. ${READ_NOTE}`,
        response: { 200: TiersResponseSchema },
      },
    },
    async (request, reply) => {
      await requireOperatorRole(request, ['finance', 'content', 'auditor'])
      const rows = await db.select().from(vipTiers).orderBy(asc(vipTiers.fromLevel))
      void reply.header('cache-control', 'no-store')
      return ok({ tiers: rows.map(toTierInput) })
    },
  )

  app.put(
    '/admin/api/vip-tiers',
    {
      schema: {
        tags,
        summary: 'Replace the VIP tiers',
        description: `Replaces the whole table with \`tiers\` (none at all is allowed: no VIP perks): numbered 1, 2, 3… in order, each from a higher level than the one before (else 400 \`loyalty.tiers_unordered\`), each from an existing level (else 409 \`loyalty.tier_level_unknown\`). Cashback 0 to 5 000 basis points, coin multiplier 10 000 to 50 000, cap and withdrawal limit in euro cents. ${NAMES_NOTE} The new perks apply from the next bet, withdrawal and weekly cashback. Audited. ${ROLE_NOTE}`,
        body: TiersBodySchema,
        response: { 200: TiersResponseSchema },
      },
    },
    async (request, reply) => {
      const operator = await requireOperatorRole(request, ['finance', 'content'])
      const { tiers } = request.body
      const rows = await db.transaction(async (tx) => {
        const before = await lockTables(tx)
        assertTiersOrdered(tiers, new Set(before.levels.map((row) => row.level)))
        await tx.delete(vipTiers)
        const after =
          tiers.length === 0
            ? []
            : await tx
                .insert(vipTiers)
                .values(
                  tiers.map((entry) => ({
                    tier: entry.tier,
                    fromLevel: entry.from_level,
                    imageUrl: entry.image_url,
                    cashbackBp: entry.cashback_bp,
                    cashbackCapEurMinor: BigInt(entry.cashback_cap_eur),
                    coinMultiplierBp: entry.coin_multiplier_bp,
                    withdrawalLimitEurMinor: BigInt(entry.withdrawal_limit_eur),
                    texts: entry.texts,
                  })),
                )
                .returning()
        await recordAudit(tx, request, {
          actorType: 'operator',
          actorId: operator.id,
          action: 'vip_tiers.replaced',
          details: { before: before.tiers.map(toTierInput), after: after.map(toTierInput) },
        })
        return after.sort((a, b) => a.fromLevel - b.fromLevel)
      })
      await changed()
      void reply.header('cache-control', 'no-store')
      return ok({ tiers: rows.map(toTierInput) })
    },
  )
}
