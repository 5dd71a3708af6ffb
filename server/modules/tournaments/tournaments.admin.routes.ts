import { and, asc, desc, eq, inArray, ne, or, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { isCurrencyCode } from '#common/money.ts'
import type { Prize } from '#common/rewards-rules.ts'
import {
  prizeTableIsValid,
  tournamentPhase,
  type EntryFeeKind,
  type TournamentScoring,
} from '#common/tournament-rules.ts'
import type { Db, Tx } from '#db/client.ts'
import { ok } from '#server/lib/envelope.ts'
import { AppError } from '#server/lib/errors.ts'
import { pageOf, sortOnFields } from '#server/lib/list-page.ts'
import { recordAudit } from '#server/modules/audit/index.ts'
import { requireOperatorRole } from '#server/modules/auth/index.ts'
import { games } from '#server/modules/catalogue/catalogue.tables.ts'
import type { LocalizedTexts } from '#server/modules/engagement/engagement.tables.ts'
import { completeTexts } from '#server/modules/engagement/index.ts'
import { hashServerSeed, newServerSeed } from '#server/modules/originals/index.ts'
import { prizeProblem } from '#server/modules/rewards/index.ts'
import type { CoreDeps } from '#server/plugins/module-deps.ts'
import { askForTournamentRuns } from './settle.ts'
import {
  OperatorTournamentResponseSchema,
  OperatorTournamentsResponseSchema,
  TOURNAMENT_PRIZE_TEXT_FIELDS,
  TOURNAMENT_TEXT_FIELDS,
  TournamentBodySchema,
  TournamentIdParamsSchema,
  TournamentListQuerySchema,
  type OperatorTournament,
  type TournamentBody,
  type TournamentInvalidReason,
} from './tournaments.admin.contract.ts'
import { tournamentPrizes, tournaments } from './tournaments.tables.ts'

type TournamentRow = typeof tournaments.$inferSelect
type PrizeRow = typeof tournamentPrizes.$inferSelect

const invalid = (reason: TournamentInvalidReason, params: Record<string, string | number> = {}) =>
  new AppError('tournament.invalid', { params: { reason, ...params } })

const isoOrNull = (value: Date | null) => value?.toISOString() ?? null

function toOperatorTournament(
  row: TournamentRow,
  prizes: readonly PrizeRow[],
  now: Date,
): OperatorTournament {
  return {
    id: row.id,
    slug: row.slug,
    texts: row.texts,
    image_url: row.imageUrl,
    scoring: row.scoring,
    points_per_spin: row.pointsPerSpin,
    game_ids: row.gameIds,
    category_slugs: row.categorySlugs,
    currencies: row.currencies,
    min_stake_eur_minor: row.minStakeEurMinor.toString(),
    entry_fee: { kind: row.entryFeeKind, amount_minor: row.entryFeeMinor.toString() },
    starts_at: row.startsAt.toISOString(),
    ends_at: row.endsAt.toISOString(),
    is_enabled: row.isEnabled,
    prizes: prizes
      .filter((prize) => prize.tournamentId === row.id)
      .sort((a, b) => a.fromPlace - b.fromPlace)
      .map((prize) => ({
        from_place: prize.fromPlace,
        to_place: prize.toPlace,
        prize: prize.prize,
        texts: prize.texts,
      })),
    phase: tournamentPhase(row, now),
    server_seed_hash: row.serverSeedHash,
    server_seed: row.finishedAt ? row.serverSeed : null,
    client_seed: row.finishedAt ? row.clientSeed : null,
    participant_count: row.participantCount,
    leaderboard_version: row.leaderboardVersion,
    started_at: isoOrNull(row.startedAt),
    finished_at: isoOrNull(row.finishedAt),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  }
}

/** What decides who wins what: fixed once the tournament has started. */
interface Rules {
  scoring: TournamentScoring
  pointsPerSpin: number
  gameIds: string[]
  categorySlugs: string[]
  currencies: string[]
  minStakeEurMinor: bigint
  entryFeeKind: EntryFeeKind
  entryFeeMinor: bigint
  startsAt: Date
  endsAt: Date
  prizes: { fromPlace: number; toPlace: number; prize: Prize }[]
}

/** A body as stored: every field checked against the rules and the catalogue. */
interface CheckedBody extends Rules {
  slug: string
  texts: LocalizedTexts<(typeof TOURNAMENT_TEXT_FIELDS)[number]>
  imageUrl: string
  isEnabled: boolean
  prizes: {
    fromPlace: number
    toPlace: number
    prize: Prize
    texts: LocalizedTexts<(typeof TOURNAMENT_PRIZE_TEXT_FIELDS)[number]>
  }[]
}

/** JSON with sorted keys: jsonb hands objects back in its own key order. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, inner]) => inner !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return `{${entries.map(([key, inner]) => `${JSON.stringify(key)}:${stableJson(inner)}`).join(',')}}`
  }
  return JSON.stringify(value)
}

const sorted = (values: readonly string[]) => [...values].sort()

/** The rules as one comparable text (lists as sets, prizes by place). */
const rulesPrint = (rules: Rules) =>
  stableJson({
    scoring: rules.scoring,
    pointsPerSpin: rules.pointsPerSpin,
    gameIds: sorted(rules.gameIds),
    categorySlugs: sorted(rules.categorySlugs),
    currencies: sorted(rules.currencies),
    minStakeEurMinor: rules.minStakeEurMinor.toString(),
    entryFeeKind: rules.entryFeeKind,
    entryFeeMinor: rules.entryFeeMinor.toString(),
    startsAt: rules.startsAt.getTime(),
    endsAt: rules.endsAt.getTime(),
    prizes: [...rules.prizes]
      .sort((a, b) => a.fromPlace - b.fromPlace)
      .map((row) => [row.fromPlace, row.toPlace, row.prize]),
  })

const sameSchedule = (
  a: Pick<Rules, 'startsAt' | 'endsAt'>,
  b: Pick<Rules, 'startsAt' | 'endsAt'>,
) => a.startsAt.getTime() === b.startsAt.getTime() && a.endsAt.getTime() === b.endsAt.getTime()

const unique = (values: readonly string[]) => [...new Set(values)]

function checkedTexts<F extends string>(
  texts: Record<string, Partial<Record<F, string>>>,
  fields: readonly F[],
): LocalizedTexts<F> {
  try {
    return completeTexts(texts, fields, 'tournament.invalid')
  } catch (error) {
    if (error instanceof AppError) throw invalid('texts', error.params)
    throw error
  }
}

/**
 * The qualifying games under the name a bet records for them (`bets.game`, which the scoring
 * compares): an Original's or live game's engine, a studio game's slug. The operator may name a
 * game by its id, slug or engine.
 */
async function betNamesOf(db: Db, names: readonly string[]): Promise<string[]> {
  if (names.length === 0) return []
  const rows = await db
    .select({ id: games.id, slug: games.slug, engine: games.engine, kind: games.kind })
    .from(games)
    .where(
      or(
        inArray(sql<string>`${games.id}::text`, [...names]),
        inArray(games.slug, [...names]),
        inArray(games.engine, [...names]),
      ),
    )
  return unique(
    names.map((name) => {
      const game =
        rows.find((row) => row.id === name) ??
        rows.find((row) => row.slug === name) ??
        rows.find((row) => row.engine === name)
      if (!game) throw invalid('games', { game: name })
      return game.kind === 'provider' ? game.slug : game.engine
    }),
  )
}

async function checkedCategories(db: Db, slugs: readonly string[]): Promise<string[]> {
  if (slugs.length === 0) return []
  const rows = await db
    .selectDistinct({ slug: sql<string>`unnest(${games.categories})` })
    .from(games)
  const known = new Set(rows.map((row) => row.slug))
  for (const slug of slugs) if (!known.has(slug)) throw invalid('categories', { category: slug })
  return unique(slugs)
}

/** The body checked and in the stored form; reads `db`, so call it before the transaction. */
export async function checkedBody(db: Db, body: TournamentBody): Promise<CheckedBody> {
  const texts = checkedTexts(body.texts, TOURNAMENT_TEXT_FIELDS)
  const startsAt = new Date(body.starts_at)
  const endsAt = new Date(body.ends_at)
  if (!(startsAt < endsAt)) throw invalid('schedule')

  const entryFeeMinor = BigInt(body.entry_fee.amount_minor)
  if ((body.entry_fee.kind === 'free') !== (entryFeeMinor === 0n)) throw invalid('fee')

  for (const currency of body.currencies) {
    if (!isCurrencyCode(currency)) throw invalid('currencies', { currency })
  }

  const table = body.prizes.map((row) => ({ fromPlace: row.from_place, toPlace: row.to_place }))
  if (!prizeTableIsValid(table)) throw invalid('prizes')
  const prizes: CheckedBody['prizes'] = []
  for (const row of body.prizes) {
    const problem = await prizeProblem(db, row.prize)
    if (problem) throw invalid('prizes', { place: row.from_place, problem })
    prizes.push({
      fromPlace: row.from_place,
      toPlace: row.to_place,
      prize: row.prize,
      texts: checkedTexts(row.texts, TOURNAMENT_PRIZE_TEXT_FIELDS),
    })
  }
  prizes.sort((a, b) => a.fromPlace - b.fromPlace)

  return {
    slug: body.slug,
    texts,
    imageUrl: body.image_url,
    isEnabled: body.is_enabled,
    scoring: body.scoring,
    pointsPerSpin: body.points_per_spin,
    gameIds: await betNamesOf(db, body.game_ids),
    categorySlugs: await checkedCategories(db, body.category_slugs),
    currencies: unique(body.currencies),
    minStakeEurMinor: BigInt(body.min_stake_eur_minor),
    entryFeeKind: body.entry_fee.kind,
    entryFeeMinor,
    startsAt,
    endsAt,
    prizes,
  }
}

/** The columns a create or an edit writes (never the seed, the board or the jobs' times). */
const columnsOf = (body: CheckedBody) => ({
  slug: body.slug,
  texts: body.texts,
  imageUrl: body.imageUrl,
  scoring: body.scoring,
  pointsPerSpin: body.pointsPerSpin,
  gameIds: body.gameIds,
  categorySlugs: body.categorySlugs,
  currencies: body.currencies,
  minStakeEurMinor: body.minStakeEurMinor,
  entryFeeKind: body.entryFeeKind,
  entryFeeMinor: body.entryFeeMinor,
  startsAt: body.startsAt,
  endsAt: body.endsAt,
  isEnabled: body.isEnabled,
})

function isUniqueViolation(error: unknown): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if ((cause as { code?: unknown }).code === '23505') return true
  }
  return false
}

/** A slug taken by a concurrent call shows only at the write: the same refusal as seen before. */
const slugRace = (error: unknown): never => {
  if (isUniqueViolation(error)) throw invalid('slug_taken')
  throw error
}

async function assertSlugFree(tx: Tx, slug: string, id?: number) {
  const [taken] = await tx
    .select({ id: tournaments.id })
    .from(tournaments)
    .where(and(eq(tournaments.slug, slug), id === undefined ? undefined : ne(tournaments.id, id)))
  if (taken) throw invalid('slug_taken')
}

/**
 * The operators' tournament calls: list, read, create (the tie-break draw's server seed is made
 * here, sealed, only its hash shown until the end) and change. The content role edits, the
 * auditor reads. Changes are audited, drop every instance's cached tournaments
 * (`tournaments.content.changed`) and cached pages (`site.changed`), and ask the job queue for
 * the start and finish runs.
 */
export const tournamentAdminRoutes: FastifyPluginAsyncZod<CoreDeps> = async (app, deps) => {
  const { db, bus, secretBox, jobs } = deps
  const tags = ['operator', 'tournaments']
  const READ_NOTE =
    'Needs an operator with the content, auditor or admin role: 401 without an operator session, 403 without the role.'
  const ROLE_NOTE =
    'Needs an operator with the content or admin role: 401 without an operator session, 403 without the role.'
  const BODY_NOTE =
    'Refused with 400 `tournament.invalid` and a `reason` param: `texts` (title, text, imageAlt, and each prize’s label, in all 16 locale prefixes en de fr de_at au nz fr-ca ca pt no pl fi en-ar ar-en it ee, non-empty; param `locale`), `schedule` (starts_at before ends_at, ends_at in the future), `prizes` (places 1..n without gaps or overlaps, at most 1000, each prize payable: params `place`, `problem`), `games` (param `game`: not in the catalogue; a game is named by its id, slug or engine and stored as the name its bets carry), `categories` (param `category`: no game is in it), `currencies` (param `currency`), `fee` (free with an amount, or paid without), `slug_taken`. A malformed body is 400 `request.invalid`.'

  const changed = async (
    row: Pick<TournamentRow, 'id' | 'startsAt' | 'endsAt'>,
    askRuns: boolean,
    log: FastifyBaseLogger,
  ) => {
    await bus.publish('tournaments.content.changed', {})
    await bus.publish('site.changed', { scope: 'pages' })
    if (!askRuns) return
    // Committed already: the queue's periodic run finds a tournament whose ask failed.
    await askForTournamentRuns(jobs, row).catch((error: unknown) => {
      log.warn({ err: error, tournamentId: row.id }, 'tournament runs not asked')
    })
  }

  const prizesOf = (tx: Db | Tx, ids: number[]) =>
    ids.length === 0
      ? Promise.resolve([])
      : tx
          .select()
          .from(tournamentPrizes)
          .where(inArray(tournamentPrizes.tournamentId, ids))
          .orderBy(asc(tournamentPrizes.fromPlace))

  app.get(
    '/admin/api/tournaments',
    {
      schema: {
        tags,
        summary: 'The tournaments',
        description: `One page of the tournaments, the newest first (or by \`sort\`), with their texts in every locale, rules, schedule, entry fee, prize table, phase, participants and the committed seed’s hash (the seeds themselves once finished). \`q\` finds words in the slug and the English title. ${READ_NOTE}`,
        querystring: TournamentListQuerySchema,
        response: { 200: OperatorTournamentsResponseSchema },
      },
    },
    async (request, reply) => {
      await requireOperatorRole(request, ['content', 'auditor'])
      const rows = await db
        .select()
        .from(tournaments)
        .orderBy(desc(tournaments.createdAt), desc(tournaments.id))
      const prizes = await prizesOf(
        db,
        rows.map((row) => row.id),
      )
      const now = new Date()
      const { items, ...paging } = pageOf(
        rows.map((row) => toOperatorTournament(row, prizes, now)),
        request.query,
        {
          searchable: (row) => [row.slug, row.texts.en?.title],
          sortValue: sortOnFields([
            'slug',
            'starts_at',
            'ends_at',
            'phase',
            'participant_count',
            'created_at',
            'is_enabled',
          ]),
        },
      )
      void reply.header('cache-control', 'no-store')
      return ok({ tournaments: items, ...paging })
    },
  )

  app.get(
    '/admin/api/tournaments/:id',
    {
      schema: {
        tags,
        summary: 'A tournament',
        description: `One tournament as the list shows it; 404 \`tournament.not_found\` (disabled ones are found too). ${READ_NOTE}`,
        params: TournamentIdParamsSchema,
        response: { 200: OperatorTournamentResponseSchema },
      },
    },
    async (request, reply) => {
      await requireOperatorRole(request, ['content', 'auditor'])
      const [row] = await db.select().from(tournaments).where(eq(tournaments.id, request.params.id))
      if (!row) throw new AppError('tournament.not_found')
      const prizes = await prizesOf(db, [row.id])
      void reply.header('cache-control', 'no-store')
      return ok({ tournament: toOperatorTournament(row, prizes, new Date()) })
    },
  )

  app.post(
    '/admin/api/tournaments',
    {
      schema: {
        tags,
        summary: 'Create a tournament',
        description: `Creates a tournament with a fresh server seed for its tie-break draw: sealed with the installation’s data key, only its sha256 published until the tournament is finished. \`starts_at\` may be past (it starts at once); \`ends_at\` must be in the future. The job queue is asked for its start and finish. Answers \`{ tournament }\`. ${BODY_NOTE} Audited. ${ROLE_NOTE}`,
        body: TournamentBodySchema,
        response: { 200: OperatorTournamentResponseSchema },
      },
    },
    async (request, reply) => {
      const operator = await requireOperatorRole(request, ['content'])
      const body = await checkedBody(db, request.body)
      const now = new Date()
      if (body.endsAt <= now) throw invalid('schedule')
      const seed = newServerSeed()
      const created = await db
        .transaction(async (tx) => {
          await assertSlugFree(tx, body.slug)
          const [row] = await tx
            .insert(tournaments)
            .values({
              ...columnsOf(body),
              serverSeedSealed: secretBox.seal(seed),
              serverSeedHash: hashServerSeed(seed),
            })
            .onConflictDoNothing({ target: tournaments.slug })
            .returning()
          if (!row) throw invalid('slug_taken')
          const prizeRows = await tx
            .insert(tournamentPrizes)
            .values(body.prizes.map((entry) => ({ tournamentId: row.id, ...entry })))
            .returning()
          const view = toOperatorTournament(row, prizeRows, now)
          await recordAudit(tx, request, {
            actorType: 'operator',
            actorId: operator.id,
            action: 'tournament.created',
            details: { after: view },
          })
          return { row, view }
        })
        .catch(slugRace)
      await changed(created.row, true, request.log)
      void reply.header('cache-control', 'no-store')
      return ok({ tournament: created.view })
    },
  )

  app.put(
    '/admin/api/tournaments/:id',
    {
      schema: {
        tags,
        summary: 'Change a tournament',
        description: `Replaces the whole tournament (the same body as the create call). Before its start anything may change, except that the entry fee is fixed once a player has paid it. Once started (and until finished) only the slug, texts (prize labels too), image and enabling it may change: another schedule, rule, fee or prize table, or disabling it, is 409 \`tournament.closed\`. A finished tournament is 409 \`tournament.closed\`. Its seed never changes. A new schedule asks the job queue for its runs again. 404 \`tournament.not_found\`. ${BODY_NOTE} Audited. ${ROLE_NOTE}`,
        params: TournamentIdParamsSchema,
        body: TournamentBodySchema,
        response: { 200: OperatorTournamentResponseSchema },
      },
    },
    async (request, reply) => {
      const operator = await requireOperatorRole(request, ['content'])
      const body = await checkedBody(db, request.body)
      const updated = await db
        .transaction(async (tx) => {
          // Joins, the scoring and the finish job lock the row too: the checks below see its state.
          const [before] = await tx
            .select()
            .from(tournaments)
            .where(eq(tournaments.id, request.params.id))
            .for('update')
          if (!before) throw new AppError('tournament.not_found')
          const now = new Date()
          if (before.finishedAt !== null) throw new AppError('tournament.closed')
          const beforePrizes = await prizesOf(tx, [before.id])
          const rulesChanged = rulesPrint({ ...before, prizes: beforePrizes }) !== rulesPrint(body)
          const scheduleChanged = !sameSchedule(before, body)
          const hasStarted = before.startedAt !== null || before.startsAt <= now
          if (hasStarted && (rulesChanged || (before.isEnabled && !body.isEnabled))) {
            throw new AppError('tournament.closed')
          }
          const feeChanged =
            before.entryFeeKind !== body.entryFeeKind || before.entryFeeMinor !== body.entryFeeMinor
          if (feeChanged && before.participantCount > 0) throw new AppError('tournament.closed')
          if (scheduleChanged && body.endsAt <= now) throw invalid('schedule')
          await assertSlugFree(tx, body.slug, before.id)
          const [row] = await tx
            .update(tournaments)
            .set({ ...columnsOf(body), updatedAt: now })
            .where(eq(tournaments.id, before.id))
            .returning()
          if (!row) throw new AppError('tournament.not_found')
          await tx.delete(tournamentPrizes).where(eq(tournamentPrizes.tournamentId, before.id))
          const prizeRows = await tx
            .insert(tournamentPrizes)
            .values(body.prizes.map((entry) => ({ tournamentId: before.id, ...entry })))
            .returning()
          const view = toOperatorTournament(row, prizeRows, now)
          await recordAudit(tx, request, {
            actorType: 'operator',
            actorId: operator.id,
            action: 'tournament.changed',
            details: { before: toOperatorTournament(before, beforePrizes, now), after: view },
          })
          return { row, view, scheduleChanged }
        })
        .catch(slugRace)
      await changed(updated.row, updated.scheduleChanged, request.log)
      void reply.header('cache-control', 'no-store')
      return ok({ tournament: updated.view })
    },
  )
}
