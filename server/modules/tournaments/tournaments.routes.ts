import { eq } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { DEFAULT_LOCALE, isLocalePrefix } from '#common/locales.ts'
import { LEADERBOARD_TOP } from '#common/tournament-rules.ts'
import { envelopeOf, ok } from '#server/lib/envelope.ts'
import { AppError } from '#server/lib/errors.ts'
import { requirePlayerId } from '#server/modules/auth/index.ts'
import { notifyAfterCommit } from '#server/modules/notifications/index.ts'
import { players } from '#server/modules/players/players.tables.ts'
import { LangParamsSchema, languageOf, textsIn } from '#server/modules/site/index.ts'
import { loadRates, publishWallet } from '#server/modules/wallet/index.ts'
import type { CoreDeps } from '#server/plugins/module-deps.ts'
import { joinTournament } from './join.ts'
import { readLeaderboard } from './leaderboard.ts'
import {
  JoinAnswerSchema,
  JoinBodySchema,
  LeaderboardSchema,
  TournamentDetailsSchema,
  TournamentListSchema,
} from './tournaments.contract.ts'
import {
  FINISHED_LISTED,
  findEnabledTournament,
  tournamentDetails,
  tournamentList,
} from './views.ts'

const TournamentId = z.coerce.number().int().min(1).max(2_147_483_647)
const IdParamsSchema = z.object({ id: TournamentId })
const LangIdParamsSchema = LangParamsSchema.extend({ id: TournamentId })

/** The signed-in player on a call visitors may make too; null for a visitor. */
const optionalPlayerId = async (request: FastifyRequest) =>
  (await request.session())?.playerId ?? null

/**
 * The players' tournament calls (issue 25): the list and a tournament's page for everyone (with
 * the signed-in player's own row and entries), the live board, and joining.
 */
export const tournamentRoutes: FastifyPluginAsyncZod<CoreDeps> = async (app, deps) => {
  const { db, bus } = deps
  const tags = ['tournaments']
  const LANG_NOTE =
    'Texts in the language of `lang`; 404 `site.unknown_locale` for a language the site does not have.'
  const SCORE_NOTE =
    'Scores are decimal strings in the scoring’s unit: basis points of the best win multiplier (`highest_multiplier`, 10000 = 1×), euro cents (`total_wagered`, `total_won`) or points (`points_per_spin`).'
  const BOARD_NOTE = `The board: the top ${String(LEADERBOARD_TOP)} rows (higher score first, then who reached it first) and \`own\`, the signed-in player’s row with its place even outside them (null for a visitor or a player who did not join); \`version\` counts the board’s changes (the socket’s \`tournamentLeaderboard\` messages carry the next ones). Once finished, places are the results’ (remaining ties settled by the provably fair draw). ${SCORE_NOTE}`

  app.get(
    '/:lang/tournaments',
    {
      config: { csrf: false },
      schema: {
        tags,
        summary: 'The tournaments: running, upcoming and finished',
        description: `Enabled tournaments in three groups: \`running\` (with those whose results are being paid, phase \`finishing\`) and \`upcoming\`, each by start; \`finished\`, the ${String(FINISHED_LISTED)} latest by end, newest first. Each card: texts, art, phase, scoring, schedule, entry fee (\`free\`, \`coins\` in coins with two decimals, \`money\` in euros), participants, the first place’s prize label and how many places win; \`joined\` whether the signed-in player joined (false for a visitor). ${LANG_NOTE}`,
        params: LangParamsSchema,
        response: { 200: envelopeOf(TournamentListSchema) },
      },
    },
    async (request, reply) => {
      const lang = languageOf(request.params.lang)
      const playerId = await optionalPlayerId(request)
      void reply.header('cache-control', 'no-store')
      return ok(await tournamentList(db, lang, playerId))
    },
  )

  app.get(
    '/:lang/tournaments/:id',
    {
      config: { csrf: false },
      schema: {
        tags,
        summary: 'A tournament’s page: rules, prizes, board and results',
        description: `An enabled tournament (404 \`tournament.not_found\` for an unknown or disabled id; 400 \`request.invalid\` for an id that is not a number): the card as the list shows it, the rules (qualifying games the catalogue still has, with titles and art, and categories with their titles: both empty means every game counts; currencies, empty means every one; the minimum stake in euros; \`points_per_spin\`), the prize table with labels, the live board, and the committed server seed’s hash. Once finished: \`results\` (every place that won, then the signed-in player’s own place when it won nothing) and the revealed server and client seeds. ${BOARD_NOTE} ${LANG_NOTE}`,
        params: LangIdParamsSchema,
        response: { 200: envelopeOf(TournamentDetailsSchema) },
      },
    },
    async (request, reply) => {
      const lang = languageOf(request.params.lang)
      const playerId = await optionalPlayerId(request)
      const texts = await textsIn((locale) => deps.site.messages(locale), lang)
      const details = await tournamentDetails(db, request.params.id, lang, texts, playerId)
      if (!details) throw new AppError('tournament.not_found')
      void reply.header('cache-control', 'no-store')
      return ok(details)
    },
  )

  app.get(
    '/tournaments/:id/leaderboard',
    {
      config: { csrf: false },
      schema: {
        tags,
        summary: 'A tournament’s live board',
        description: `${BOARD_NOTE} 404 \`tournament.not_found\` for an unknown or disabled id. A page fetches it again when a socket message’s \`version\` skips one.`,
        params: IdParamsSchema,
        response: { 200: envelopeOf(LeaderboardSchema) },
      },
    },
    async (request, reply) => {
      const playerId = await optionalPlayerId(request)
      const tournament = await findEnabledTournament(db, request.params.id)
      const board = tournament ? await readLeaderboard(db, tournament.id, playerId) : null
      if (!board) throw new AppError('tournament.not_found')
      void reply.header('cache-control', 'no-store')
      return ok(board)
    },
  )

  app.post(
    '/tournaments/:id/join',
    {
      schema: {
        tags,
        summary: 'Join a tournament',
        description: `Signed in only (401 \`auth.sign_in_required\`), with the CSRF token (403). While the tournament is upcoming or running, in one transaction: the entry fee is paid (coins from the player’s coins; money from the wallet named by \`currency\`, the fee’s euros in that currency at the current rate, rounded up), the entry is written with a score of 0, the participant count and the board’s version grow by one, and a \`tournament_joined\` notification is stored; once committed the board is pushed to the sockets watching it and the wallet’s balance to the player. Answers the board with the player’s own row. Refusals, nothing changed: 404 \`tournament.not_found\` (unknown or disabled); 409 \`tournament.closed\` (ended), \`tournament.barred\` (a loss or wager limit reached), the player’s protection bar (\`protection.time_out\`, \`protection.self_exclusion\`, \`protection.closed\`, \`protection.register\`, \`protection.play_time\`), \`tournament.already_joined\`, \`tournament.not_enough_funds\` (params \`amount\`, \`currency\`: \`COIN\` for coins); 400 \`tournament.currency_required\` for a money fee without \`currency\`, or with one the player holds no wallet in or the tournament does not play in (param \`currencies\`: the ones that would do).`,
        params: IdParamsSchema,
        body: JoinBodySchema,
        response: { 200: envelopeOf(JoinAnswerSchema) },
      },
    },
    async (request, reply) => {
      const playerId = await requirePlayerId(request)
      // Read before the transaction: on the embedded database a read on `db` inside it waits.
      const rates = await loadRates(db)
      const [player] = await db
        .select({ locale: players.locale })
        .from(players)
        .where(eq(players.id, playerId))
      const locale = player && isLocalePrefix(player.locale) ? player.locale : DEFAULT_LOCALE
      const texts = await textsIn((code) => deps.site.messages(code), locale)
      const joined = await notifyAfterCommit({ bus, log: request.log }, (notify) =>
        joinTournament(db, {
          playerId,
          tournamentId: request.params.id,
          currency: request.body.currency,
          rates,
          locale,
          texts,
          notify,
        }),
      )
      try {
        await bus.publish('tournament.leaderboard', joined.message)
        if (joined.feeCurrency !== null) {
          await publishWallet(db, bus, playerId, joined.feeCurrency)
        }
      } catch (error) {
        // Committed already: the pages fetch the board again on the next version they see.
        request.log.warn({ err: error, tournamentId: request.params.id }, 'join not pushed')
      }
      const board = await readLeaderboard(db, request.params.id, playerId)
      if (!board) throw new AppError('tournament.not_found')
      void reply.header('cache-control', 'no-store')
      return ok({ leaderboard: board })
    },
  )
}
