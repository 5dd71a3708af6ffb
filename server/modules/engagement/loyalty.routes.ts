import type { FastifyPluginAsync } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { z } from 'zod'
import { coinsOfMinor } from '#common/engagement-rules.ts'
import { type LocalePrefix } from '#common/locales.ts'
import { envelopeOf, ok } from '#server/lib/envelope.ts'
import { accountBalance, COIN } from '#server/modules/ledger/index.ts'
import { LangParamsSchema, languageOf } from '#server/modules/site/index.ts'
import type { CoreDeps } from '#server/plugins/module-deps.ts'
import { LoyaltyProgrammeResponseSchema } from './engagement.contract.ts'
import type { LocalizedTexts } from './engagement.tables.ts'
import {
  BASE_WITHDRAWAL_LIMIT_EUR_MINOR,
  lastWeekCashback,
  playerStanding,
} from './loyalty-standing.ts'
import { loadLoyaltyTables, type LoyaltyTables } from './loyalty-tables.ts'

type Programme = z.infer<typeof LoyaltyProgrammeResponseSchema>['data']

/** A name in the locale (the admin calls keep all 16); English if one is empty. */
const nameIn = (texts: LocalizedTexts<'name'>, locale: LocalePrefix): string =>
  texts[locale].name || texts.en.name

/** The levels and tiers as the loyalty and VIP pages show them, in one locale. */
export function programmeOf(
  tables: LoyaltyTables,
  locale: LocalePrefix,
): Omit<Programme, 'player'> {
  return {
    levels: tables.levels.map((row) => ({
      level: row.level,
      name: nameIn(row.texts, locale),
      from_points: row.fromPoints,
      image_url: row.imageUrl,
      reward_coins: coinsOfMinor(row.rewardCoinsMinor),
    })),
    tiers: tables.tiers.map((row) => ({
      tier: row.tier,
      name: nameIn(row.texts, locale),
      from_level: row.fromLevel,
      image_url: row.imageUrl,
      cashback_percent: row.cashbackBp / 100,
      cashback_cap_eur: row.cashbackCapEurMinor.toString(),
      coin_multiplier: row.coinMultiplierBp / 10_000,
      withdrawal_limit_eur: row.withdrawalLimitEurMinor.toString(),
    })),
    base_withdrawal_limit_eur: BASE_WITHDRAWAL_LIMIT_EUR_MINOR.toString(),
  }
}

/** `GET /{locale}/loyalty/programme`: the loyalty and VIP pages' data. */
export const loyaltyRoutes: FastifyPluginAsync<CoreDeps> = async (plain, deps) => {
  const app = plain.withTypeProvider<ZodTypeProvider>()
  const { db } = deps
  app.get(
    '/:lang/loyalty/programme',
    {
      config: { csrf: false },
      schema: {
        tags: ['loyalty'],
        summary: 'The loyalty levels, the VIP tiers and where the player stands',
        description:
          'The levels in order (name in the path’s language, the points each starts at, its badge and the coins it pays once reached), the VIP tiers with their perks (weekly cashback percent and its cap in euro cents, coin multiplier, daily withdrawal limit in euro cents) and the daily withdrawal limit below the first tier. Points are earned at 1 per euro of the player’s own money staked (bonus money earns none). For a signed-in player `player` tells their points, level, the bar toward the next level, their tier (null below the first), their coins and last week’s cashback (null when none); for a visitor `player` is null. 404 `site.unknown_locale` for a language the site does not have, 400 `request.invalid` for a malformed one.',
        params: LangParamsSchema,
        response: { 200: envelopeOf(LoyaltyProgrammeResponseSchema.shape.data) },
      },
    },
    async (request, reply) => {
      const lang = languageOf(request.params.lang)
      const tables = await loadLoyaltyTables(db)
      const playerId = (await request.session())?.playerId
      // The same address answers a visitor and a player: no copy may outlive a sign-in.
      void reply.header('cache-control', 'no-store')
      if (!playerId) return ok({ ...programmeOf(tables, lang), player: null })
      const [standing, coinsMinor, cashback] = await Promise.all([
        playerStanding(db, playerId, tables),
        accountBalance(db, { playerId, kind: 'cash', currency: COIN }),
        lastWeekCashback(db, playerId, new Date()),
      ])
      return ok({
        ...programmeOf(tables, lang),
        player: {
          points: standing.points,
          level: standing.level,
          level_percent: standing.levelPercent,
          next_level_points: standing.nextLevelPoints,
          current_level_points: standing.currentLevelPoints,
          tier: standing.tier?.tier ?? null,
          coins: coinsOfMinor(coinsMinor),
          last_cashback: cashback
            ? {
                amount: cashback.amountMinor.toString(),
                currency: cashback.currency,
                paid_at: cashback.paidAt.toISOString(),
              }
            : null,
        },
      })
    },
  )
}
