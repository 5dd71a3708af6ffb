import { eq, sql } from 'drizzle-orm'
import type { Db } from '#db/client.ts'
import { isCurrencyCode, type CurrencyCode } from '#common/money.ts'
import { levelOf, pointsOfMinor, type LevelStep } from '#common/engagement-rules.ts'
import { loadLoyaltyTables } from '#server/modules/engagement/index.ts'
import { playerLoyalty } from '#server/modules/engagement/engagement.tables.ts'
import { signSocketToken } from '#server/modules/realtime/index.ts'
import { FIAT_CURRENCIES, SUPPORTED_CURRENCIES, type PlayerInfo } from './players.contract.ts'
import { playerDocuments } from '#server/modules/documents/documents.tables.ts'
import { players } from './players.tables.ts'

const narrowSymbol = (currency: string) =>
  new Intl.NumberFormat('en', { style: 'currency', currency, currencyDisplay: 'narrowSymbol' })
    .formatToParts(0)
    .find((part) => part.type === 'currency')?.value ?? currency

/** Worked out once: formatting a number per call would cost more than the rest of player info. */
const SYMBOLS: ReadonlyMap<string, string> = new Map(
  SUPPORTED_CURRENCIES.map((code) => [code, FIAT_CURRENCIES.has(code) ? narrowSymbol(code) : code]),
)

/** The narrow symbol of a fiat currency (`€`, `$`, `zł`); the code of a crypto one. */
export const currencySymbol = (currency: string): string => SYMBOLS.get(currency) ?? currency

/** The columns player info is made of: one indexed read by id (and its approved documents). */
export const playerInfoColumns = {
  id: players.id,
  email: players.email,
  firstName: players.firstName,
  lastName: players.lastName,
  birthDate: players.birthDate,
  country: players.country,
  city: players.city,
  address: players.address,
  postCode: players.postCode,
  phone: players.phone,
  currency: players.currency,
  emailVerifiedAt: players.emailVerifiedAt,
  phoneVerifiedAt: players.phoneVerifiedAt,
  totpEnabledAt: players.totpEnabledAt,
  /**
   * An approved identity document fixes name, birth date and country (`update-player.ts`). The
   * subqueries name their columns with aliases: drizzle renders a column unqualified, and an
   * unqualified `id` inside them would be the document's own.
   */
  identityLocked: sql<boolean>`exists (select 1 from ${playerDocuments} pd where pd.player_id = "players"."id" and pd.status = 'approved')`,
  /**
   * Loyalty points in hundredths (the engine's `player_loyalty`, by its primary key), as text;
   * null before the player first earns any.
   */
  pointsMinor: sql<
    string | null
  >`(select pl.points_minor::text from ${playerLoyalty} pl where pl.player_id = "players"."id")`,
}
export type PlayerInfoRow = {
  [
    K in Exclude<keyof typeof playerInfoColumns, 'identityLocked' | 'pointsMinor'>
  ]: (typeof players.$inferSelect)[K]
} & { identityLocked: boolean; pointsMinor: string | null }

/** What player info shows of the money, in minor units of the player's current currency. */
export interface MoneyTotals {
  availableToWithdrawMinor: bigint
  wagerRemainingMinor: bigint
  totalDepositedMinor: bigint
}
/** Reads the money totals (the payments module's `withdrawableAndDeposited`, given by the app). */
export type LoadMoneyTotals = (
  db: Db,
  playerId: string,
  currency: CurrencyCode,
) => Promise<MoneyTotals>

const NO_MONEY: MoneyTotals = {
  availableToWithdrawMinor: 0n,
  wagerRemainingMinor: 0n,
  totalDepositedMinor: 0n,
}

/**
 * Player info as kept for every session of the player: all but the socket token, which names the
 * session (`withSocketToken`).
 */
export type SharedPlayerInfo = Omit<PlayerInfo, 'token'>

/** Player info for one session: with a socket token whose socket closes when the session ends. */
export const withSocketToken = (
  info: SharedPlayerInfo,
  socketSecret: string,
  sessionId: string,
): PlayerInfo => ({
  ...info,
  token: signSocketToken(socketSecret, { playerId: info.apiId, sessionId }),
})

/**
 * Player info from its row, the money totals and the operator's loyalty levels (`levels`, ordered
 * by `fromPoints`): points are whole points (1 per euro of own money staked), the level and the
 * bar toward the next one follow from them (`levelOf`).
 */
export function toPlayerInfo(
  row: PlayerInfoRow,
  levels: readonly LevelStep[],
  money: MoneyTotals = NO_MONEY,
): SharedPlayerInfo {
  const points = row.pointsMinor === null ? 0 : pointsOfMinor(BigInt(row.pointsMinor))
  return {
    currency: row.currency,
    currencySymbol: currencySymbol(row.currency),
    availableToWithdraw: money.availableToWithdrawMinor.toString(),
    wagerRemaining: money.wagerRemainingMinor.toString(),
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    birthDate: row.birthDate,
    country: row.country,
    city: row.city,
    address: row.address,
    postCode: row.postCode,
    phone: row.phone,
    points,
    ...levelOf(points, levels),
    totalDepositAmounts: money.totalDepositedMinor.toString(),
    apiId: row.id,
    emailVerified: row.emailVerifiedAt !== null,
    phoneVerified: row.phoneVerifiedAt !== null,
    twoFactorEnabled: row.totpEnabledAt !== null,
    identityLocked: row.identityLocked,
  }
}

const prepareInfoQuery = (db: Db) =>
  db
    .select(playerInfoColumns)
    .from(players)
    .where(eq(players.id, sql.placeholder('id')))
    .limit(1)
    .prepare('player_info')
// Prepared once per database: the call is on every page's initialisation, and skipping the
// parse and plan takes about a third off its query (0.73 → 0.49 ms on PGlite).
const infoQueries = new WeakMap<Db, ReturnType<typeof prepareInfoQuery>>()

/** The signed-in player's info, or undefined when the account no longer exists. */
export async function loadPlayerInfo(
  db: Db,
  playerId: string,
  loadMoney?: LoadMoneyTotals,
): Promise<SharedPlayerInfo | undefined> {
  let query = infoQueries.get(db)
  if (!query) {
    query = prepareInfoQuery(db)
    infoQueries.set(db, query)
  }
  // The levels are cached (`loadLoyaltyTables`): after the first load this is one indexed read.
  const [[row], tables] = await Promise.all([
    query.execute({ id: playerId }),
    loadLoyaltyTables(db),
  ])
  if (!row) return undefined
  const money =
    loadMoney && isCurrencyCode(row.currency)
      ? await loadMoney(db, playerId, row.currency)
      : NO_MONEY
  return toPlayerInfo(row, tables.steps, money)
}
