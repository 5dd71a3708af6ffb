import {
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  inArray,
  isNotNull,
  isNull,
  like,
  or,
  sql,
  type SQL,
} from 'drizzle-orm'
import type { Db } from '#db/client.ts'
import { auditEvents } from '#server/modules/audit/audit.tables.ts'
import { bets } from '#server/modules/bets/bets.tables.ts'
import { toBetSeed, toWireBet, type WireBet } from '#server/modules/bets/index.ts'
import { playerDocuments } from '#server/modules/documents/documents.tables.ts'
import {
  engagementTriggers,
  questTemplates,
  quests,
  triggerProgress,
} from '#server/modules/engagement/engagement.tables.ts'
import { loadLoyaltyTables, playerStanding } from '#server/modules/engagement/index.ts'
import { COIN, accountBalance } from '#server/modules/ledger/index.ts'
import { ledgerAccounts, ledgerTransfers } from '#server/modules/ledger/ledger.tables.ts'
import { playerProtection } from '#server/modules/limits/limits.tables.ts'
import { operators } from '#server/modules/operators/operators.tables.ts'
import { fairnessSeeds } from '#server/modules/originals/originals.tables.ts'
import { players } from '#server/modules/players/players.tables.ts'
import { getWallet } from '#server/modules/wallet/index.ts'
import { balanceAdjustments } from '#server/modules/wallet/wallet.tables.ts'
import type {
  PageQuery,
  PlayerListItem,
  PlayerOverview,
  PlayerSearchQuery,
  PlayerStatus,
} from './backoffice.contract.ts'

// What the console reads of a player: read-only queries across the modules' tables (this module
// composes views; each module keeps the rules that change its data).

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
/** A phone search: digits with the separators people type (`+358 40-123`). */
const PHONE_PATTERN = /^\+?[\d\s().-]{3,}$/

/** `%` and `_` typed by the operator are searched for, not wildcards. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`)

const statusSql = sql<PlayerStatus>`case when ${players.lockedAt} is not null then 'locked' when ${playerProtection.closedAt} is not null then 'closed' else 'active' end`

const lastSignInSql = sql<Date | null>`(select max(${auditEvents.createdAt}) from ${auditEvents} where ${auditEvents.playerId} = ${players.id} and ${auditEvents.action} = 'login.succeeded')`

/**
 * What an operator's search box means: an exact id, an e-mail's beginning, part of a first, last
 * or full name, or digits contained in the phone number.
 */
function searchFilter(q: string): SQL | undefined {
  if (UUID_PATTERN.test(q)) return eq(players.id, q.toLowerCase())
  const contains = `%${escapeLike(q)}%`
  const matches: (SQL | undefined)[] = [
    ilike(players.email, `${escapeLike(q.toLowerCase())}%`),
    ilike(players.firstName, contains),
    ilike(players.lastName, contains),
    ilike(sql`${players.firstName} || ' ' || ${players.lastName}`, contains),
  ]
  const digits = q.replace(/\D/g, '')
  if (PHONE_PATTERN.test(q) && digits.length >= 3) {
    matches.push(like(sql`regexp_replace(${players.phone}, '\\D', '', 'g')`, `%${digits}%`))
  }
  return or(...matches)
}

export async function searchPlayers(
  db: Db,
  query: PlayerSearchQuery,
): Promise<{ players: PlayerListItem[]; total: number }> {
  const filters: (SQL | undefined)[] = []
  if (query.q) filters.push(searchFilter(query.q))
  if (query.status === 'locked') filters.push(isNotNull(players.lockedAt))
  if (query.status === 'closed') {
    filters.push(isNull(players.lockedAt), isNotNull(playerProtection.closedAt))
  }
  if (query.status === 'active') {
    filters.push(isNull(players.lockedAt), isNull(playerProtection.closedAt))
  }
  const where = and(...filters)
  const direction = query.sort.startsWith('-') ? desc : asc
  const column = {
    created: players.createdAt,
    email: players.email,
    lastSignIn: lastSignInSql,
  }[query.sort.replace('-', '') as 'created' | 'email' | 'lastSignIn']
  const order =
    column === lastSignInSql
      ? sql`${lastSignInSql} ${sql.raw(direction === desc ? 'desc nulls last' : 'asc nulls first')}`
      : direction(column)
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: players.id,
        email: players.email,
        firstName: players.firstName,
        lastName: players.lastName,
        phone: players.phone,
        country: players.country,
        currency: players.currency,
        status: statusSql,
        createdAt: players.createdAt,
        lastSignInAt: lastSignInSql,
      })
      .from(players)
      .leftJoin(playerProtection, eq(playerProtection.playerId, players.id))
      .where(where)
      .orderBy(order, asc(players.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({ count: count() })
      .from(players)
      .leftJoin(playerProtection, eq(playerProtection.playerId, players.id))
      .where(where),
  ])
  return {
    players: rows.map((row) => ({
      ...row,
      createdAt: row.createdAt.toISOString(),
      lastSignInAt: toIso(row.lastSignInAt),
    })),
    total: total?.count ?? 0,
  }
}

/** A timestamp a raw subquery answered (text on some drivers, a Date on others). */
const toIso = (value: Date | string | null): string | null =>
  value === null ? null : new Date(value).toISOString()

const iso = (value: Date | null) => value?.toISOString() ?? null

/** The player's page in one answer, undefined for an unknown id. */
export async function playerOverview(
  db: Db,
  playerId: string,
  liveSessions: number,
): Promise<PlayerOverview | undefined> {
  const [row] = await db
    .select({ player: players, closedAt: playerProtection.closedAt })
    .from(players)
    .leftJoin(playerProtection, eq(playerProtection.playerId, players.id))
    .where(eq(players.id, playerId))
  if (!row) return undefined
  const { player } = row
  const [documents, wallets, engagement, signIns, [pending]] = await Promise.all([
    db
      .select()
      .from(playerDocuments)
      .where(eq(playerDocuments.playerId, playerId))
      .orderBy(desc(playerDocuments.createdAt)),
    getWallet(db, playerId),
    engagementOf(db, playerId),
    db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.playerId, playerId), like(auditEvents.action, 'login.%')))
      .orderBy(desc(auditEvents.createdAt))
      .limit(20),
    db
      .select({ count: count() })
      .from(balanceAdjustments)
      .where(
        and(eq(balanceAdjustments.playerId, playerId), eq(balanceAdjustments.status, 'pending')),
      ),
  ])
  const status: PlayerStatus = player.lockedAt ? 'locked' : row.closedAt ? 'closed' : 'active'
  const kycState = documents.some((doc) => doc.status === 'approved')
    ? 'approved'
    : documents.some((doc) => doc.status === 'pending')
      ? 'pending'
      : documents.length > 0
        ? 'rejected'
        : 'none'
  return {
    profile: {
      id: player.id,
      email: player.email,
      firstName: player.firstName,
      lastName: player.lastName,
      birthDate: player.birthDate,
      country: player.country,
      city: player.city,
      address: player.address,
      postCode: player.postCode,
      phone: player.phone,
      currency: player.currency,
      locale: player.locale,
      emailVerifiedAt: iso(player.emailVerifiedAt),
      phoneVerifiedAt: iso(player.phoneVerifiedAt),
      twoFactorOn: player.totpEnabledAt !== null && player.totpSecretSealed !== null,
      createdAt: player.createdAt.toISOString(),
      status,
      lockedAt: iso(player.lockedAt),
      lockReason: player.lockReason,
    },
    kyc: {
      state: kycState,
      documents: documents.map((doc) => ({
        id: doc.id,
        type: doc.type,
        status: doc.status,
        reason: doc.reason,
        fileName: doc.fileName,
        mimeType: doc.mimeType,
        sizeBytes: doc.sizeBytes,
        createdAt: doc.createdAt.toISOString(),
        reviewedAt: iso(doc.reviewedAt),
      })),
    },
    wallets,
    engagement,
    sessions: {
      live: liveSessions,
      recentSignIns: signIns.map((event) => ({
        at: event.createdAt.toISOString(),
        action: event.action,
        ip: event.ip,
        userAgent: event.userAgent,
        details: event.details as Record<string, unknown>,
      })),
    },
    pendingAdjustments: pending?.count ?? 0,
  }
}

/** Level, tier, points and coins, and the quest tasks the player has started but not finished. */
async function engagementOf(db: Db, playerId: string): Promise<PlayerOverview['engagement']> {
  const tables = await loadLoyaltyTables(db)
  const [standing, coins, progress] = await Promise.all([
    playerStanding(db, playerId, tables),
    accountBalance(db, { playerId, kind: 'cash', currency: COIN }),
    db
      .select({
        questTexts: quests.texts,
        kind: quests.kind,
        taskTexts: questTemplates.texts,
        periodKey: triggerProgress.periodKey,
        progress: triggerProgress.progress,
        expected: engagementTriggers.expected,
      })
      .from(triggerProgress)
      .innerJoin(engagementTriggers, eq(engagementTriggers.id, triggerProgress.triggerId))
      .innerJoin(questTemplates, eq(questTemplates.id, engagementTriggers.templateId))
      .innerJoin(quests, eq(quests.id, questTemplates.questId))
      .where(and(eq(triggerProgress.playerId, playerId), isNull(triggerProgress.finishedAt)))
      .orderBy(desc(triggerProgress.updatedAt))
      .limit(50),
  ])
  return {
    points: standing.points,
    level: standing.level,
    levelPercent: standing.levelPercent,
    vipTier: standing.tier?.tier ?? null,
    vipTierName: standing.tier?.texts.en.name ?? null,
    coins: coins.toString(),
    questsInProgress: progress.map((row) => ({
      quest: row.questTexts.en.title,
      task: row.taskTexts.en.title,
      kind: row.kind,
      periodKey: row.periodKey,
      progress: row.progress.toString(),
      expected: row.expected.toString(),
    })),
  }
}

const offsetOf = (query: PageQuery) => (query.page - 1) * query.pageSize

/**
 * The player's ledger history, one row per leg on one of their accounts (a bonus released to cash
 * shows both legs), newest first.
 */
export async function playerLedger(
  db: Db,
  playerId: string,
  query: PageQuery & { currency?: string | undefined },
) {
  const accountFilters = [eq(ledgerAccounts.playerId, playerId)]
  if (query.currency) accountFilters.push(eq(ledgerAccounts.currency, query.currency))
  const accounts = await db
    .select({ id: ledgerAccounts.id, kind: ledgerAccounts.kind })
    .from(ledgerAccounts)
    .where(and(...accountFilters))
  if (accounts.length === 0) return { entries: [], total: 0 }
  const ids = accounts.map((account) => account.id)
  const kindOf = new Map(accounts.map((account) => [account.id, account.kind]))
  // Each leg on one of the player's accounts: the debit legs and the credit legs, merged.
  const legs = sql`(
    select ${ledgerTransfers.id} as transfer_id, ${ledgerTransfers.debitAccountId} as account_id, -${ledgerTransfers.amountMinor} as amount_minor
      from ${ledgerTransfers} where ${inArray(ledgerTransfers.debitAccountId, ids)}
    union all
    select ${ledgerTransfers.id}, ${ledgerTransfers.creditAccountId}, ${ledgerTransfers.amountMinor}
      from ${ledgerTransfers} where ${inArray(ledgerTransfers.creditAccountId, ids)}
  ) as legs`
  const [page, totalRows] = await Promise.all([
    db.execute(
      sql`select transfer_id, account_id, amount_minor::text as amount_minor from ${legs} order by transfer_id desc, account_id limit ${query.pageSize} offset ${offsetOf(query)}`,
    ),
    db.execute(sql`select count(*)::int as total from ${legs}`),
  ])
  const legRows = (
    page as { rows: { transfer_id: string; account_id: string; amount_minor: string }[] }
  ).rows
  const transfers =
    legRows.length === 0
      ? []
      : await db
          .select()
          .from(ledgerTransfers)
          .where(
            inArray(
              ledgerTransfers.id,
              legRows.map((leg) => leg.transfer_id),
            ),
          )
  const byId = new Map(transfers.map((transfer) => [transfer.id, transfer]))
  return {
    entries: legRows.flatMap((leg) => {
      const transfer = byId.get(leg.transfer_id)
      if (!transfer) return []
      return [
        {
          transferId: transfer.id,
          code: transfer.code,
          currency: transfer.currency,
          account: kindOf.get(leg.account_id) ?? '',
          amountMinor: leg.amount_minor,
          reference: transfer.reference,
          createdAt: transfer.createdAt.toISOString(),
        },
      ]
    }),
    total: (totalRows as { rows: { total: number }[] }).rows[0]?.total ?? 0,
  }
}

/** The player's bets, newest first, each with its seed pair's fairness proof. */
export async function playerBets(
  db: Db,
  playerId: string,
  query: PageQuery & { game?: string | undefined },
): Promise<{ bets: WireBet[]; total: number }> {
  const where = and(eq(bets.playerId, playerId), query.game ? eq(bets.game, query.game) : undefined)
  const [rows, [total]] = await Promise.all([
    db
      .select({ bet: bets, seed: fairnessSeeds })
      .from(bets)
      .leftJoin(fairnessSeeds, eq(fairnessSeeds.id, bets.seedId))
      .where(where)
      .orderBy(desc(bets.createdAt), desc(bets.id))
      .limit(query.pageSize)
      .offset(offsetOf(query)),
    db.select({ count: count() }).from(bets).where(where),
  ])
  return {
    bets: rows.map(({ bet, seed }) => toWireBet(bet, seed ? toBetSeed(seed) : undefined)),
    total: total?.count ?? 0,
  }
}

/** Every audit event about the player, newest first, with the acting operator's name. */
export async function playerAuditTrail(
  db: Db,
  playerId: string,
  query: PageQuery & { action?: string | undefined },
) {
  const where = and(
    eq(auditEvents.playerId, playerId),
    query.action ? like(auditEvents.action, `${escapeLike(query.action)}%`) : undefined,
  )
  const [rows, [total]] = await Promise.all([
    db
      .select({ event: auditEvents, operatorName: operators.name })
      .from(auditEvents)
      .leftJoin(
        operators,
        and(eq(auditEvents.actorType, 'operator'), eq(operators.id, auditEvents.actorId)),
      )
      .where(where)
      .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
      .limit(query.pageSize)
      .offset(offsetOf(query)),
    db.select({ count: count() }).from(auditEvents).where(where),
  ])
  return {
    events: rows.map(({ event, operatorName }) => ({
      id: event.id,
      at: event.createdAt.toISOString(),
      actorType: event.actorType,
      actorId: event.actorId,
      actorName: operatorName,
      action: event.action,
      ip: event.ip,
      userAgent: event.userAgent,
      details: event.details as Record<string, unknown>,
    })),
    total: total?.count ?? 0,
  }
}

/** Operators' names by id, for the notes and the adjustments the console lists. */
export async function operatorNames(db: Db, ids: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)]
  if (unique.length === 0) return new Map()
  const rows = await db
    .select({ id: operators.id, name: operators.name })
    .from(operators)
    .where(inArray(operators.id, unique))
  return new Map(rows.map((row) => [row.id, row.name]))
}

/** Players' e-mail addresses by id, for the adjustments queue. */
export async function playerEmails(db: Db, ids: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)]
  if (unique.length === 0) return new Map()
  const rows = await db
    .select({ id: players.id, email: players.email })
    .from(players)
    .where(inArray(players.id, unique))
  return new Map(rows.map((row) => [row.id, row.email]))
}
