import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Tx } from '#db/client.ts'
import { isBreakPeriodOf, LAPSE_COOLING_OFF_MS } from '#common/protection.ts'
import { envelopeOf, ok, okWith } from '#server/lib/envelope.ts'
import { AppError } from '#server/lib/errors.ts'
import { recordAudit } from '#server/modules/audit/index.ts'
import { requirePlayerId, requireOperatorRole } from '#server/modules/auth/index.ts'
import { retryingConflicts } from '#server/modules/ledger/index.ts'
import { findPlayerSummary } from '#server/modules/players/index.ts'
import {
  answerLimitPrompt,
  continueRealityCheck,
  jurisdictionOfPlayer,
  operatorProtectionView,
  protectionView,
  realityCheckSummary,
  reopenAccount,
  requestLapse,
  setPlayTimeLimit,
  setRealityCheck,
  type PlayerProtectionFlows,
} from './protection.ts'
import {
  BreakBodySchema,
  CloseAccountBodySchema,
  LimitPromptBodySchema,
  OperatorProtectionSchema,
  PlayTimeBodySchema,
  ProtectionStateSchema,
  RealityCheckBodySchema,
  RealityCheckSummarySchema,
} from './protection.contract.ts'

export interface ProtectionRoutesOptions {
  /** The use cases that span modules (`server/flows/player-protection.ts`). */
  flows: PlayerProtectionFlows
  /** Password-taking calls per player per 15 minutes (as the password change). */
  rateLimitMax: number
}

const PASSWORD_RATE_WINDOW_MS = 15 * 60_000
const COOLING_OFF_HOURS = LAPSE_COOLING_OFF_MS / 3_600_000

const StateResponse = envelopeOf(ProtectionStateSchema)
const PlayerIdParamsSchema = z.object({ id: z.uuid() })

const STATE_NOTE =
  'Answers the protection state as `GET /player/protection` does. 401 `auth.sign_in_required` when signed out.'
const BARS_NOTE =
  'A player under a break or a register match may still sign in, see balances and history and withdraw (a closed account cannot sign in); every bet, deposit, bonus, reward, tournament and shop call is refused with the bar (409 `protection.<bar>`), and no marketing notification reaches them. Bets already in flight settle.'

/** The players' protection calls and the operators' view of them (docs/decisions/018). */
export const protectionRoutes: FastifyPluginAsyncZod<ProtectionRoutesOptions> = async (
  app,
  { flows, rateLimitMax },
) => {
  const { db } = app.database
  const tags = ['protection']
  // Password guesses per player, as `POST /player/change-password` limits them.
  const passwordRateLimit = (name: string) => ({
    max: rateLimitMax,
    timeWindow: PASSWORD_RATE_WINDOW_MS,
    hook: 'preHandler' as const,
    keyGenerator: async (request: FastifyRequest) =>
      `${name}:${(await request.session())?.playerId ?? request.ip}`,
  })
  /** Runs one protection write in a transaction, again from the start if it lost a deadlock. */
  const write = <T>(work: (tx: Tx) => Promise<T>) => retryingConflicts(() => db.transaction(work))

  app.get(
    '/player/protection',
    {
      schema: {
        tags,
        summary: "The signed-in player's protection state",
        description: `\`bar\` says why the player may not play now, by the rules every bet applies: \`closed\`, \`self_exclusion\`, \`time_out\`, \`register\` (a national self-exclusion register lists the player), \`reality_check\` (a check is due and waits for \`POST /player/protection/reality-check/continue\`) or \`play_time\` (the daily play-time limit is reached); null when free to play. \`break\` is the break in force (its \`opens_at\`: when play reopens; for a self-exclusion null until its lapse is asked for). \`jurisdiction\` holds the game rules of the player's country (UK: no autoplay or turbo, a slot spin at least 2.5 s). \`reality_check.minutes\` is the interval in force (the player's, else the jurisdiction's default; null: off), \`play_time\` the daily limit with a waiting raise or removal and the play time of the last 24 hours (the time between real-money bets at most 5 minutes apart). ${BARS_NOTE} 401 \`auth.sign_in_required\` when signed out.`,
        response: { 200: StateResponse },
      },
    },
    async (request, reply) => {
      const playerId = await requirePlayerId(request)
      void reply.header('cache-control', 'no-store')
      return ok(await protectionView(db, playerId))
    },
  )

  app.post(
    '/player/protection/break',
    {
      config: { rateLimit: passwordRateLimit('protection-break') },
      schema: {
        tags,
        summary: 'Take a time-out or self-exclude, from now',
        description: `\`kind\` \`time_out\` with \`period\` \`24h\`, \`1w\`, \`1m\` or \`6w\`, or \`self_exclusion\` with \`6m\`, \`1y\` or \`5y\` (months and years are calendar ones); another period is 400 \`request.invalid\`. Needs the account's \`password\`: a wrong one is 400 \`players.password_incorrect\` on \`password\`. In force at once and never shortened or lifted, by the player or an operator: a break that would end before the one in force is 409 \`protection.break_shorter\` (the message says how long the current one still runs) and changes nothing; a later one extends it; a self-exclusion during a time-out replaces it; a time-out during a self-exclusion is refused. The player stays signed in (to see the balance and withdraw); open game-studio sessions end. A self-exclusion ends only when the player asks for it after its period (\`POST /player/protection/lapse\`), ${String(COOLING_OFF_HOURS)} hours after asking. ${BARS_NOTE} Limited per player (429). ${STATE_NOTE}`,
        body: BreakBodySchema,
        response: { 200: StateResponse },
      },
    },
    async (request, reply) => {
      const playerId = await requirePlayerId(request)
      const { kind, period, password } = request.body
      // The body's schema already ties the period to the kind; this narrows its type.
      if (!isBreakPeriodOf(kind, period)) throw new AppError('request.invalid')
      await flows.takeBreak(request, { playerId, kind, period, password })
      void reply.header('cache-control', 'no-store')
      return ok(await protectionView(db, playerId))
    },
  )

  app.post(
    '/player/protection/lapse',
    {
      schema: {
        tags,
        summary: 'Ask to end a self-exclusion whose period has run',
        description: `A self-exclusion does not end by itself: once its period has run the player may ask, and play reopens ${String(COOLING_OFF_HOURS)} hours after the request (\`break.opens_at\`); until then the exclusion stays in force. 409 \`protection.lapse_too_early\` before the period's end (the message says how long it still runs), 409 \`protection.no_lapse\` without a self-exclusion or when asked already. ${STATE_NOTE}`,
        response: { 200: StateResponse },
      },
    },
    async (request, reply) => {
      const playerId = await requirePlayerId(request)
      const now = new Date()
      await write(async (tx) => {
        const opensAt = await requestLapse(tx, playerId, now)
        await recordAudit(tx, request, {
          actorType: 'player',
          actorId: playerId,
          playerId,
          action: 'protection.lapse_requested',
          details: { opensAt: opensAt.toISOString() },
        })
      })
      void reply.header('cache-control', 'no-store')
      return ok(await protectionView(db, playerId, now))
    },
  )

  app.put(
    '/player/protection/reality-check',
    {
      schema: {
        tags,
        summary: "Set the reality check's interval",
        description: `\`minutes\`: 15, 30, 45, 60, 90 or 120, or null to turn the check off; another number is 400 \`request.invalid\`. Where the player's jurisdiction keeps the check on (the UK, Malta) null is 409 \`protection.reality_check_required\`. The next check is due one interval from now; a check already due stays due until answered. When a check is due every bet is refused (409 \`protection.reality_check\`) until \`POST /player/protection/reality-check/continue\`. ${STATE_NOTE}`,
        body: RealityCheckBodySchema,
        response: { 200: StateResponse },
      },
    },
    async (request, reply) => {
      const playerId = await requirePlayerId(request)
      const rules = await jurisdictionOfPlayer(db, playerId)
      const now = new Date()
      await write((tx) =>
        setRealityCheck(tx, { playerId, minutes: request.body.minutes, rules }, now),
      )
      void reply.header('cache-control', 'no-store')
      return ok(await protectionView(db, playerId, now))
    },
  )

  app.get(
    '/player/protection/reality-check',
    {
      schema: {
        tags,
        summary: 'What the reality check shows: time and result since signing in',
        description:
          "Since the player's last sign-in (`signed_in_at`): the seconds elapsed, and the real-money bets (settled, plus live bets and a Mines round still open): their count, what they staked and won, and `net` (won minus staked: negative is a loss), in minor units of the current wallet's currency (bets in another currency converted at the mid rate, half-even). `due_at` is when the check is (or was) due. 401 `auth.sign_in_required` when signed out.",
        response: { 200: envelopeOf(RealityCheckSummarySchema) },
      },
    },
    async (request, reply) => {
      const playerId = await requirePlayerId(request)
      void reply.header('cache-control', 'no-store')
      return ok(await realityCheckSummary(db, playerId))
    },
  )

  app.post(
    '/player/protection/reality-check/continue',
    {
      schema: {
        tags,
        summary: 'Answer the reality check: continue playing',
        description: `The next check is due one interval from now, and bets are taken again. (The dialog's other answers, the history and signing out, are calls of their own.) ${STATE_NOTE}`,
        response: { 200: StateResponse },
      },
    },
    async (request, reply) => {
      const playerId = await requirePlayerId(request)
      const rules = await jurisdictionOfPlayer(db, playerId)
      const now = new Date()
      await write((tx) => continueRealityCheck(tx, { playerId, rules }, now))
      void reply.header('cache-control', 'no-store')
      return ok(await protectionView(db, playerId, now))
    },
  )

  app.put(
    '/player/protection/play-time',
    {
      schema: {
        tags,
        summary: 'Set, lower, raise or remove the daily play-time limit',
        description: `\`minutes\` from 15 to 1440, or null to remove the limit. Play time is counted over the last 24 hours (rolling), from real-money bets: the time between two bets at most 5 minutes apart. As every limit: lowering it, or setting a first one, applies at once; raising or removing it waits 24 hours (\`play_time.pending_minutes\`, \`pending_from\`) while the current one stays in force, and a lower one asked for meanwhile drops the waiting change. Once the limit is reached every bet is refused (409 \`protection.play_time\`, saying when time frees up). ${STATE_NOTE}`,
        body: PlayTimeBodySchema,
        response: { 200: StateResponse },
      },
    },
    async (request, reply) => {
      const playerId = await requirePlayerId(request)
      const now = new Date()
      await write((tx) => setPlayTimeLimit(tx, { playerId, minutes: request.body.minutes }, now))
      void reply.header('cache-control', 'no-store')
      return ok(await protectionView(db, playerId, now))
    },
  )

  app.post(
    '/player/protection/limit-prompt',
    {
      schema: {
        tags,
        summary: 'Decline the prompt to set a deposit limit',
        description: `The prompt (after sign-up, or at the first deposit) asks the player to set a deposit limit; \`answer: "declined"\` records that they chose not to, and it is not asked again. Setting a deposit limit with \`POST /player/deposit-limits\` answers it too. Only the first answer is kept. ${STATE_NOTE}`,
        body: LimitPromptBodySchema,
        response: { 200: StateResponse },
      },
    },
    async (request, reply) => {
      const playerId = await requirePlayerId(request)
      const now = new Date()
      await answerLimitPrompt(db, { playerId, answer: request.body.answer }, now)
      void reply.header('cache-control', 'no-store')
      return ok(await protectionView(db, playerId, now))
    },
  )

  app.post(
    '/player/protection/close',
    {
      config: { rateLimit: passwordRateLimit('protection-close') },
      schema: {
        tags,
        summary: 'Close the account',
        description: `Closing is not an exclusion: the player may ask support to reopen the account. Needs the \`password\` (a wrong one is 400 \`players.password_incorrect\` on \`password\`) and a \`reason\` (\`not_for_me\`, \`too_much_time\`, \`another_site\`, \`privacy\`, \`other\`). Refused with 409 \`protection.close_balance\` while any wallet holds real money that can be withdrawn (at least the smallest withdrawal a method takes in its currency: a smaller remainder, which could never be withdrawn, stays the player's in the closed account and support pays it out on request), a withdrawal is in progress, a deposit started in the last 7 days has not settled, or a bet is still in play (a running Mines round, a live bet of a round not yet over): withdraw or finish first. Bonus money is forfeited by closing (the active bonus is cancelled). Every session of the player ends (signed out everywhere, this one included) and open game-studio sessions end; signing in again answers 403 \`auth.account_closed\`. Limited per player (429).`,
        body: CloseAccountBodySchema,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request, reply) => {
      const playerId = await requirePlayerId(request)
      const ended = await flows.closeAccount(request, { playerId, ...request.body })
      // Committed: every instance drops its copy of the ended sessions and closes their sockets.
      await app.announceEndedSessions(ended)
      await request.signOut(reply)
      void reply.header('cache-control', 'no-store')
      return okWith({})
    },
  )

  const OPERATOR_NOTE =
    '401 without an operator session, 403 `auth.forbidden` without the role; 404 `players.not_found` for an unknown player.'

  app.get(
    '/admin/api/players/:id/protection',
    {
      schema: {
        tags: ['operator'],
        summary: "A player's protection state and its history",
        description: `The state as the player sees it (\`GET /player/protection\`), the closure and its reason, the national register's last answer, and the history of every change (newest first, at most 500; \`actor\` \`player\` or \`operator:<id>\`). Read-only: no operator call shortens or lifts a break. Each view is audited. Needs support, kyc, finance or auditor (the roles that read a player's page). ${OPERATOR_NOTE}`,
        params: PlayerIdParamsSchema,
        response: { 200: envelopeOf(OperatorProtectionSchema) },
      },
    },
    async (request, reply) => {
      const operator = await requireOperatorRole(request, ['support', 'kyc', 'finance', 'auditor'])
      const playerId = request.params.id
      if (!(await findPlayerSummary(db, playerId))) throw new AppError('players.not_found')
      await recordAudit(db, request, {
        actorType: 'operator',
        actorId: operator.id,
        playerId,
        action: 'protection.viewed',
      })
      void reply.header('cache-control', 'no-store')
      return ok(await operatorProtectionView(db, playerId))
    },
  )

  app.post(
    '/admin/api/players/:id/protection/reopen',
    {
      schema: {
        tags: ['operator'],
        summary: 'Reopen an account its player closed',
        description: `At the player's request to support. 409 \`protection.reopen_refused\` when the account is not closed or a break is in force (a break is never lifted early). Recorded in the player's history and audited. Answers the operators' view. Needs the admin role. ${OPERATOR_NOTE}`,
        params: PlayerIdParamsSchema,
        response: { 200: envelopeOf(OperatorProtectionSchema) },
      },
    },
    async (request, reply) => {
      // Admin holds every role, so an empty list admits admins only.
      const operator = await requireOperatorRole(request, [])
      const playerId = request.params.id
      if (!(await findPlayerSummary(db, playerId))) throw new AppError('players.not_found')
      const now = new Date()
      await write(async (tx) => {
        const closed = await reopenAccount(tx, { playerId, operatorId: operator.id }, now)
        await recordAudit(tx, request, {
          actorType: 'operator',
          actorId: operator.id,
          playerId,
          action: 'account.reopened',
          details: { closedAt: closed.closedAt.toISOString(), reason: closed.reason },
        })
      })
      void reply.header('cache-control', 'no-store')
      return ok(await operatorProtectionView(db, playerId, now))
    },
  )
}
