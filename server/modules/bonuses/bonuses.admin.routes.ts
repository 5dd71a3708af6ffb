import { asc, desc, eq } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ok } from '#server/lib/envelope.ts'
import { AppError } from '#server/lib/errors.ts'
import { recordAudit } from '#server/modules/audit/index.ts'
import { requireOperatorRole } from '#server/modules/auth/index.ts'
import { loadRates } from '#server/modules/wallet/index.ts'
import { viewOf } from './bonus-lifecycle.ts'
import { forgetBonusRules, loadBonusRules } from './bonus-rules-store.ts'
import {
  BonusRuleBodySchema,
  BonusRuleParamsSchema,
  ContributionsBodySchema,
  ContributionsResponseSchema,
  MAX_WAGERING_TIMES,
  OperatorBonusRuleResponseSchema,
  OperatorBonusRulesResponseSchema,
  OperatorPlayerBonusesResponseSchema,
  PlayerIdParamsSchema,
  type OperatorBonusRule,
} from './bonuses.admin.contract.ts'
import { bonusContributions, bonusRules, playerBonuses } from './bonuses.tables.ts'

type RuleRow = typeof bonusRules.$inferSelect

const toOperatorRule = (row: RuleRow): OperatorBonusRule => ({
  code: row.code,
  deposit_number: row.depositNumber,
  window: row.window,
  match_percent: row.matchPercent,
  min_eur: row.minEurMinor.toString(),
  max_eur: row.maxEurMinor?.toString() ?? null,
  wagering_times: row.wageringTimes,
  valid_days: row.validDays,
  max_bet_eur: row.maxBetEurMinor.toString(),
  is_enabled: row.isEnabled,
  updated_at: row.updatedAt.toISOString(),
})

/**
 * The operators' bonus calls until the back office has screens: the rules per code, the games'
 * contributions to wagering, a player's bonuses. Edits are audited and forget this instance's
 * cached rules (other instances read them again within a minute). A running bonus keeps the
 * terms it was granted with.
 */
export const bonusAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database
  const tags = ['operator', 'bonuses']
  const ROLE_NOTE =
    'Needs an operator with the finance or admin role: 401 without an operator session, 403 without the role.'

  app.get(
    '/admin/api/bonus-rules',
    {
      schema: {
        tags,
        summary: 'The bonus rules',
        description: `Every code's rule: match, deposit range in euro cents (other currencies derive from it by the rate table, except the spec's own ranges), wagering, validity, max bet, switched on or off. ${ROLE_NOTE}`,
        response: { 200: OperatorBonusRulesResponseSchema },
      },
    },
    async (request, reply) => {
      await requireOperatorRole(request, ['finance'])
      const rows = await db.select().from(bonusRules).orderBy(asc(bonusRules.code))
      void reply.header('cache-control', 'no-store')
      return ok({ rules: rows.map(toOperatorRule) })
    },
  )

  app.put(
    '/admin/api/bonus-rules/:code',
    {
      schema: {
        tags,
        summary: "Edit a code's bonus rule",
        description: `Sets the match (1-200 %), the deposit range in euro cents (\`max_eur\` null: no maximum, the match is then taken on at most ten times the minimum), wagering times (0-${String(MAX_WAGERING_TIMES)}: never more than the law allows), validity in days (1-90), the max bet in euro cents and whether the bonus is offered. Bonuses already granted keep their terms. Audited. ${ROLE_NOTE}`,
        params: BonusRuleParamsSchema,
        body: BonusRuleBodySchema,
        response: { 200: OperatorBonusRuleResponseSchema },
      },
    },
    async (request, reply) => {
      const operator = await requireOperatorRole(request, ['finance'])
      const body = request.body
      const row = await db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(bonusRules)
          .where(eq(bonusRules.code, request.params.code))
          .for('update')
        if (!before) throw new AppError('bonus.unknown_code')
        const [after] = await tx
          .update(bonusRules)
          .set({
            matchPercent: body.match_percent,
            minEurMinor: body.min_eur,
            maxEurMinor: body.max_eur,
            wageringTimes: body.wagering_times,
            validDays: body.valid_days,
            maxBetEurMinor: body.max_bet_eur,
            isEnabled: body.is_enabled,
            updatedAt: new Date(),
          })
          .where(eq(bonusRules.code, request.params.code))
          .returning()
        if (!after) throw new Error('a locked rule vanished')
        await recordAudit(tx, request, {
          actorType: 'operator',
          actorId: operator.id,
          action: 'bonus_rule.updated',
          details: {
            code: after.code,
            before: toOperatorRule(before),
            after: toOperatorRule(after),
          },
        })
        return after
      })
      forgetBonusRules(db)
      void reply.header('cache-control', 'no-store')
      return ok({ rule: toOperatorRule(row) })
    },
  )

  app.get(
    '/admin/api/bonus-contributions',
    {
      schema: {
        tags,
        summary: "Games' contributions to wagering",
        description: `Per game category, the percent of a stake that counts toward a bonus's wagering; a game counts at its highest category, games of no listed category do not count. ${ROLE_NOTE}`,
        response: { 200: ContributionsResponseSchema },
      },
    },
    async (request, reply) => {
      await requireOperatorRole(request, ['finance'])
      const rows = await db
        .select()
        .from(bonusContributions)
        .orderBy(asc(bonusContributions.category))
      void reply.header('cache-control', 'no-store')
      return ok({ contributions: rows })
    },
  )

  app.put(
    '/admin/api/bonus-contributions',
    {
      schema: {
        tags,
        summary: "Replace the games' contributions to wagering",
        description: `The whole table at once (categories left out stop counting). Percent 0-100. Applies to bets from now on. Audited. ${ROLE_NOTE}`,
        body: ContributionsBodySchema,
        response: { 200: ContributionsResponseSchema },
      },
    },
    async (request, reply) => {
      const operator = await requireOperatorRole(request, ['finance'])
      const unique = new Map(request.body.contributions.map((row) => [row.category, row.percent]))
      const rows = [...unique].map(([category, percent]) => ({ category, percent }))
      await db.transaction(async (tx) => {
        const before = await tx.select().from(bonusContributions).for('update')
        await tx.delete(bonusContributions)
        if (rows.length > 0) await tx.insert(bonusContributions).values(rows)
        await recordAudit(tx, request, {
          actorType: 'operator',
          actorId: operator.id,
          action: 'bonus_contributions.updated',
          details: { before, after: rows },
        })
      })
      forgetBonusRules(db)
      void reply.header('cache-control', 'no-store')
      return ok({ contributions: rows.sort((a, b) => a.category.localeCompare(b.category)) })
    },
  )

  app.get(
    '/admin/api/players/:id/bonuses',
    {
      schema: {
        tags,
        summary: "A player's bonuses",
        description: `Every bonus of the player, newest first, in the player's wire shape (the active one with its bonus balance). ${ROLE_NOTE.replace('finance', 'support, kyc, finance, auditor')}`,
        params: PlayerIdParamsSchema,
        response: { 200: OperatorPlayerBonusesResponseSchema },
      },
    },
    async (request, reply) => {
      await requireOperatorRole(request, ['support', 'kyc', 'finance', 'auditor'])
      const rows = await db
        .select()
        .from(playerBonuses)
        .where(eq(playerBonuses.playerId, request.params.id))
        .orderBy(desc(playerBonuses.createdAt))
      const live = await loadBonusRules(db)
      const rates = await loadRates(db)
      void reply.header('cache-control', 'no-store')
      return ok({ bonuses: await Promise.all(rows.map((row) => viewOf(db, live, row, rates))) })
    },
  )
}
