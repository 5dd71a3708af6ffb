import type { FastifyReply } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { eq } from 'drizzle-orm'
import type { Db } from '#db/client.ts'
import type { OperatorRole } from '#common/back-office.ts'
import { getLocale, isLocalePrefix } from '#common/locales.ts'
import { ok } from '#server/lib/envelope.ts'
import { AppError } from '#server/lib/errors.ts'
import { recordAudit } from '#server/modules/audit/index.ts'
import {
  requireOperatorRole,
  resetTwoFactor,
  type SessionStore,
} from '#server/modules/auth/index.ts'
import { notifyAfterCommit } from '#server/modules/notifications/index.ts'
import {
  addPlayerNote,
  findPlayerSummary,
  listPlayerNotes,
  lockPlayer,
  unlockPlayer,
} from '#server/modules/players/index.ts'
import { players } from '#server/modules/players/players.tables.ts'
import { textsIn, type SiteService } from '#server/modules/site/index.ts'
import {
  AuditQuerySchema,
  AuditResponseSchema,
  BetsQuerySchema,
  BetsResponseSchema,
  LedgerQuerySchema,
  LedgerResponseSchema,
  LockBodySchema,
  NoteBodySchema,
  NoteResponseSchema,
  NotesResponseSchema,
  type PageQuery,
  PlayerIdParamsSchema,
  PlayerListResponseSchema,
  PlayerOverviewResponseSchema,
  PlayerSearchQuerySchema,
  PlayerStateResponseSchema,
  TwoFactorResetBodySchema,
} from './backoffice.contract.ts'
import {
  operatorNames,
  playerAuditTrail,
  playerBets,
  playerLedger,
  playerOverview,
  searchPlayers,
} from './player-views.ts'

/** Who reads a player's page: the roles that work with players, and the auditor. */
export const PLAYER_READ_ROLES: readonly OperatorRole[] = ['support', 'kyc', 'finance', 'auditor']
/** Who writes notes on a player. */
const NOTE_ROLES: readonly OperatorRole[] = ['support', 'kyc', 'finance']
/** The most notes the player's page lists (newest first). */
const NOTES_LIMIT = 200

const ROLE_NOTE =
  '401 without an operator session, 403 `auth.forbidden` without the role (admin holds every role).'
const NOT_FOUND_NOTE = '404 `players.not_found` for an unknown player.'

export interface PlayerConsoleRoutesOptions {
  sessionStore: SessionStore
  site: SiteService
}

/** The player's language for a notice, read before the transaction that sends it. */
export async function playerWording(db: Db, site: SiteService, playerId: string) {
  const [row] = await db
    .select({ locale: players.locale })
    .from(players)
    .where(eq(players.id, playerId))
  const locale = row?.locale ?? 'en'
  return {
    text: await textsIn((code) => site.messages(code), locale),
    tag: isLocalePrefix(locale) ? getLocale(locale).tag : 'en',
  }
}

/** The console's player calls: search, the player's page, notes, lock, unlock, 2FA reset. */
export const playerConsoleRoutes: FastifyPluginAsyncZod<PlayerConsoleRoutesOptions> = async (
  app,
  { sessionStore, site },
) => {
  const { db } = app.database
  const tags = ['operator']

  const assertPlayer = async (playerId: string) => {
    if (!(await findPlayerSummary(db, playerId))) throw new AppError('players.not_found')
  }

  /** One page of a known player's ledger, bets or audit trail, with the page it answers. */
  const playerHistoryPage = async <Query extends PageQuery, Rows extends object>(
    playerId: string,
    query: Query,
    reply: FastifyReply,
    read: (db: Db, playerId: string, query: Query) => Promise<Rows>,
  ) => {
    await assertPlayer(playerId)
    const rows = await read(db, playerId, query)
    void reply.header('cache-control', 'no-store')
    return ok({ ...rows, page: query.page, pageSize: query.pageSize })
  }

  app.get(
    '/admin/api/players',
    {
      schema: {
        tags,
        summary: 'Search players',
        description: `\`q\` is an exact player id, the beginning of an e-mail address (any case), part of a first, last or full name, or digits the phone number contains. \`status\` filters active, locked (by an operator) or closed (by the player) accounts; \`sort\` is \`created\`, \`email\` or \`lastSignIn\`, with \`-\` for descending (default \`-created\`). Pages of at most 100. Needs support, kyc, finance or auditor. ${ROLE_NOTE}`,
        querystring: PlayerSearchQuerySchema,
        response: { 200: PlayerListResponseSchema },
      },
    },
    async (request, reply) => {
      await requireOperatorRole(request, PLAYER_READ_ROLES)
      const { query } = request
      const found = await searchPlayers(db, query)
      void reply.header('cache-control', 'no-store')
      return ok({ ...found, page: query.page, pageSize: query.pageSize })
    },
  )

  app.get(
    '/admin/api/players/:id',
    {
      schema: {
        tags,
        summary: "A player's page",
        description: `Profile and status, KYC state and documents (files at \`/admin/api/documents/{id}/file\`), wallets, loyalty standing, coins and quests in progress, live sessions and the last 20 sign-ins with address and browser, and how many adjustments wait. The ledger, bets and audit trail are paginated calls of their own; bonuses and protection are \`/admin/api/players/{id}/bonuses\` and \`/protection\`. Needs support, kyc, finance or auditor. ${ROLE_NOTE} ${NOT_FOUND_NOTE}`,
        params: PlayerIdParamsSchema,
        response: { 200: PlayerOverviewResponseSchema },
      },
    },
    async (request, reply) => {
      await requireOperatorRole(request, PLAYER_READ_ROLES)
      const playerId = request.params.id
      const live = await sessionStore.playerSessionCount(playerId)
      const overview = await playerOverview(db, playerId, live)
      if (!overview) throw new AppError('players.not_found')
      void reply.header('cache-control', 'no-store')
      return ok(overview)
    },
  )

  app.get(
    '/admin/api/players/:id/ledger',
    {
      schema: {
        tags,
        summary: "A player's ledger history",
        description: `One row per movement of one of the player's accounts (cash, bonus, held; coins are the \`COIN\` currency), newest first, amounts signed from the account's side; \`currency\` filters. Needs support, kyc, finance or auditor. ${ROLE_NOTE} ${NOT_FOUND_NOTE}`,
        params: PlayerIdParamsSchema,
        querystring: LedgerQuerySchema,
        response: { 200: LedgerResponseSchema },
      },
    },
    async (request, reply) => {
      await requireOperatorRole(request, PLAYER_READ_ROLES)
      return playerHistoryPage(request.params.id, request.query, reply, playerLedger)
    },
  )

  app.get(
    '/admin/api/players/:id/bets',
    {
      schema: {
        tags,
        summary: "A player's bets with their fairness proof",
        description: `Newest first, in the players' bet shape: an Originals bet carries its server seed hash, client seed and nonce, and the server seed once the pair was rotated. \`game\` filters. Needs support, kyc, finance or auditor. ${ROLE_NOTE} ${NOT_FOUND_NOTE}`,
        params: PlayerIdParamsSchema,
        querystring: BetsQuerySchema,
        response: { 200: BetsResponseSchema },
      },
    },
    async (request, reply) => {
      await requireOperatorRole(request, PLAYER_READ_ROLES)
      return playerHistoryPage(request.params.id, request.query, reply, playerBets)
    },
  )

  app.get(
    '/admin/api/players/:id/audit',
    {
      schema: {
        tags,
        summary: "A player's audit trail",
        description: `Every audit event about the player (their own sign-ins and changes, and every operator's action on the account), newest first; \`action\` filters by an action or its prefix. Needs support, kyc, finance or auditor. ${ROLE_NOTE} ${NOT_FOUND_NOTE}`,
        params: PlayerIdParamsSchema,
        querystring: AuditQuerySchema,
        response: { 200: AuditResponseSchema },
      },
    },
    async (request, reply) => {
      await requireOperatorRole(request, PLAYER_READ_ROLES)
      return playerHistoryPage(request.params.id, request.query, reply, playerAuditTrail)
    },
  )

  app.get(
    '/admin/api/players/:id/notes',
    {
      schema: {
        tags,
        summary: "Operators' notes on a player",
        description: `Newest first, at most ${String(NOTES_LIMIT)}. Needs support, kyc, finance or auditor. ${ROLE_NOTE} ${NOT_FOUND_NOTE}`,
        params: PlayerIdParamsSchema,
        response: { 200: NotesResponseSchema },
      },
    },
    async (request, reply) => {
      await requireOperatorRole(request, PLAYER_READ_ROLES)
      await assertPlayer(request.params.id)
      const notes = await listPlayerNotes(db, request.params.id, NOTES_LIMIT)
      const names = await operatorNames(
        db,
        notes.map((note) => note.operatorId),
      )
      void reply.header('cache-control', 'no-store')
      return ok({
        notes: notes.map((note) => ({
          id: note.id,
          text: note.text,
          operatorId: note.operatorId,
          operatorName: names.get(note.operatorId) ?? null,
          createdAt: note.createdAt.toISOString(),
        })),
      })
    },
  )

  app.post(
    '/admin/api/players/:id/notes',
    {
      schema: {
        tags,
        summary: 'Add a note on a player',
        description: `\`text\` of 1 to 2,000 characters (trimmed). Notes are never edited or removed. Audited. Needs support, kyc or finance. ${ROLE_NOTE} ${NOT_FOUND_NOTE}`,
        params: PlayerIdParamsSchema,
        body: NoteBodySchema,
        response: { 201: NoteResponseSchema },
      },
    },
    async (request, reply) => {
      const operator = await requireOperatorRole(request, NOTE_ROLES)
      const playerId = request.params.id
      await assertPlayer(playerId)
      const note = await db.transaction(async (tx) => {
        const added = await addPlayerNote(tx, {
          playerId,
          operatorId: operator.id,
          text: request.body.text,
        })
        await recordAudit(tx, request, {
          actorType: 'operator',
          actorId: operator.id,
          playerId,
          action: 'player.note_added',
          details: { noteId: added.id },
        })
        return added
      })
      void reply.code(201).header('cache-control', 'no-store')
      return ok({
        id: note.id,
        text: note.text,
        operatorId: note.operatorId,
        operatorName: operator.name,
        createdAt: note.createdAt.toISOString(),
      })
    },
  )

  const stateOf = async (playerId: string, endedSessions: number) => {
    const overview = await playerOverview(db, playerId, 0)
    if (!overview) throw new AppError('players.not_found')
    const { profile } = overview
    return {
      status: profile.status,
      lockedAt: profile.lockedAt,
      lockReason: profile.lockReason,
      twoFactorOn: profile.twoFactorOn,
      endedSessions,
    }
  }

  app.post(
    '/admin/api/players/:id/lock',
    {
      schema: {
        tags,
        summary: 'Lock a player account',
        description: `Sign-in is refused with 403 \`auth.account_locked\` and every live session of the player ends at once (so bets, deposits and withdrawals stop with them) until an operator unlocks it; a locked player gets no marketing notices. \`reason\` (3 to 500 characters) is kept with the lock and audited. 409 \`players.already_locked\`. Needs support. ${ROLE_NOTE} ${NOT_FOUND_NOTE}`,
        params: PlayerIdParamsSchema,
        body: LockBodySchema,
        response: { 200: PlayerStateResponseSchema },
      },
    },
    async (request, reply) => {
      const operator = await requireOperatorRole(request, ['support'])
      const playerId = request.params.id
      const ended = await db.transaction(async (tx) => {
        await lockPlayer(tx, playerId, request.body.reason)
        const endedSessions = await sessionStore.endPlayerSessions(playerId, undefined, tx)
        await recordAudit(tx, request, {
          actorType: 'operator',
          actorId: operator.id,
          playerId,
          action: 'player.locked',
          details: { reason: request.body.reason, endedSessions: endedSessions.length },
        })
        return endedSessions
      })
      // Committed: every instance drops its copy of the ended sessions and closes their sockets.
      await app.announceEndedSessions(ended)
      void reply.header('cache-control', 'no-store')
      return ok(await stateOf(playerId, ended.length))
    },
  )

  app.post(
    '/admin/api/players/:id/unlock',
    {
      schema: {
        tags,
        summary: 'Unlock a player account',
        description: `The player may sign in again. Audited with the lock's reason. 409 \`players.not_locked\`. Needs support. ${ROLE_NOTE} ${NOT_FOUND_NOTE}`,
        params: PlayerIdParamsSchema,
        response: { 200: PlayerStateResponseSchema },
      },
    },
    async (request, reply) => {
      const operator = await requireOperatorRole(request, ['support'])
      const playerId = request.params.id
      await db.transaction(async (tx) => {
        const lockReason = await unlockPlayer(tx, playerId)
        await recordAudit(tx, request, {
          actorType: 'operator',
          actorId: operator.id,
          playerId,
          action: 'player.unlocked',
          details: { lockReason },
        })
      })
      void reply.header('cache-control', 'no-store')
      return ok(await stateOf(playerId, 0))
    },
  )

  app.post(
    '/admin/api/players/:id/two-factor/reset',
    {
      schema: {
        tags,
        summary: "Turn a player's two-factor authentication off",
        description: `For a player who lost their authenticator and recovery codes, once their identity was checked another way: \`identityCheck\` (5 to 500 characters) says how, and is audited. The secret and recovery codes are removed, every session of the player ends, and the player is notified in their language. 409 \`two_factor.not_enabled\` when 2FA is off. Needs kyc. ${ROLE_NOTE} ${NOT_FOUND_NOTE}`,
        params: PlayerIdParamsSchema,
        body: TwoFactorResetBodySchema,
        response: { 200: PlayerStateResponseSchema },
      },
    },
    async (request, reply) => {
      const operator = await requireOperatorRole(request, ['kyc'])
      const playerId = request.params.id
      await assertPlayer(playerId)
      const { text } = await playerWording(db, site, playerId)
      const ended = await notifyAfterCommit({ bus: app.bus, log: request.log }, (notify) =>
        db.transaction(async (tx) => {
          await resetTwoFactor(tx, playerId)
          const endedSessions = await sessionStore.endPlayerSessions(playerId, undefined, tx)
          await recordAudit(tx, request, {
            actorType: 'operator',
            actorId: operator.id,
            playerId,
            action: 'two_factor.reset',
            details: { identityCheck: request.body.identityCheck },
          })
          await notify(tx, {
            playerId,
            type: 'other',
            isMarketing: false,
            text: text('notifications_text.two_factor_reset'),
          })
          return endedSessions
        }),
      )
      await app.announceEndedSessions(ended)
      void reply.header('cache-control', 'no-store')
      return ok(await stateOf(playerId, ended.length))
    },
  )
}
