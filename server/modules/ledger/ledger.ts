import { and, eq, sql } from 'drizzle-orm'
import { executePrepared, type Db, type Tx } from '#db/client.ts'
import { uuidv5, uuidv7 } from '#server/lib/ids.ts'
import { remembered } from '#server/lib/remembered.ts'
import type { CurrencyCode } from '#common/money.ts'
import {
  ledgerAccounts,
  ledgerTransfers,
  type PlayerAccountKind,
  type SystemAccountKind,
} from './ledger.tables.ts'

/**
 * How many rows each house account is spread over (see `ledgerAccounts`). Two of C concurrent
 * bets meet on one house row with a chance of about (C - 1) / SYSTEM_SHARDS, and the later one
 * then waits for the earlier one's commit, WAL flush included: at 16 rows and 4 connections that
 * wait halved the bets a second on a machine with slow flushes (docs/benchmarks.md).
 */
export const SYSTEM_SHARDS = 256

/** Why money moved; a closed list so reports and history can name each kind. */
export const TRANSFER_CODES = [
  /** A deposit arrived from a payment provider into the player's cash. */
  'deposit',
  /**
   * A deposit above its method's maximum or the player's deposit limit arrived into the held
   * account for an operator's review; released to cash, or returned through the provider.
   */
  'deposit_held',
  'deposit_release',
  'deposit_return',
  /** A withdrawal request moved cash to the held account. */
  'withdrawal_hold',
  /** An operator approved a withdrawal: held money left through the provider. */
  'withdrawal_payout',
  /** A withdrawal was cancelled by the player or rejected: held money went back to cash. */
  'withdrawal_release',
  /** A stake left the player's account for a game. */
  'bet',
  /** A game paid the player. */
  'win',
  /** A bet was taken back (a provider rollback, a round refunded). */
  'bet_refund',
  /** Bonus money granted or forfeited. */
  'bonus_grant',
  'bonus_forfeit',
  /** Bonus money turned into cash once wagered. */
  'bonus_release',
  /** A correction an operator made, with its reason in the reference. */
  'adjustment',
  /** Coins paid for a finished quest task, an achievement tier or a level reached. */
  'coins_award',
  /** A VIP tier's weekly cashback on the week's net loss, paid into cash. */
  'cashback',
  /** Coins spent in the shop, back to the house's `rewards_expense`. */
  'shop_purchase',
  /** A money prize (wheel, lootbox, lottery) paid into cash from `rewards_expense`. */
  'prize_cash',
  /** A free spin's stake, paid by the house (`rewards_expense`) rather than the player. */
  'free_spin_stake',
  /**
   * A tournament's entry fee: coins back to the house's `rewards_expense` (which issued them),
   * money from the chosen wallet's cash to the house.
   */
  'tournament_fee',
] as const
export type TransferCode = (typeof TRANSFER_CODES)[number]

/**
 * Coins, the loyalty programme's currency (earned from quests, achievements and level-ups, spent in
 * the shop), are kept by the ledger like money, in hundredths: a player's coins are their `cash`
 * account in `COIN`, issued from the house's `rewards_expense` account in `COIN`.
 */
export const COIN = 'COIN'
/** What the ledger keeps accounts in: the site's currencies and coins. */
export type LedgerCurrency = CurrencyCode | typeof COIN

export type AccountRef =
  | { playerId: string; kind: PlayerAccountKind; currency: LedgerCurrency }
  /** `shardKey` (usually the player's id) picks one of the house account's rows. */
  | { system: SystemAccountKind; currency: LedgerCurrency; shardKey: string }

export interface TransferInput {
  idempotencyKey: string
  code: TransferCode
  debit: AccountRef
  credit: AccountRef
  amountMinor: bigint
  /** What the transfer belongs to (a payment transaction id, a bet id). */
  reference?: string
}

export interface Transfer {
  id: string
  code: string
  amountMinor: bigint
  currency: string
  debitAccountId: string
  creditAccountId: string
  reference: string
  createdAt: Date
}

/** A player account's balance after a transfer, for the balance the player's pages show. */
export interface PlayerBalance {
  playerId: string
  currency: string
  kind: PlayerAccountKind
  balanceMinor: bigint
}

/**
 * What posting answered. `exists`: a transfer with this key was posted before, nothing moved now
 * (its fields are returned so the caller can see a key reused for another amount).
 * `exceeds_balance`: the debit account lacks the money, nothing moved.
 */
export type TransferResult =
  | { status: 'posted'; transfer: Transfer; balances: PlayerBalance[] }
  | { status: 'exists'; transfer: Transfer }
  | { status: 'exceeds_balance'; availableMinor: bigint }

/** FNV-1a: a cheap, stable spread of keys over the shards. */
function shardOf(key: string): number {
  let hash = 0x811c9dc5
  for (let index = 0; index < key.length; index++) {
    hash ^= key.charCodeAt(index)
    hash = Math.imul(hash, 0x01000193)
  }
  return (hash >>> 0) % SYSTEM_SHARDS
}

interface ResolvedAccount {
  id: string
  playerId: string | null
  currency: LedgerCurrency
  kind: PlayerAccountKind | SystemAccountKind
  shard: number
  mayGoNegative: boolean
}

/** The UUIDv5 of an account's name, remembered (a SHA-1 each time showed in every bet's profile). */
const accountId = remembered(uuidv5, 50_000)

/** An account's id is derived from what it is, so posting needs no lookup to find it. */
export function resolveAccount(ref: AccountRef): ResolvedAccount {
  if ('playerId' in ref) {
    return {
      id: accountId(`player:${ref.playerId}:${ref.currency}:${ref.kind}`),
      playerId: ref.playerId,
      currency: ref.currency,
      kind: ref.kind,
      shard: 0,
      mayGoNegative: false,
    }
  }
  const shard = shardOf(ref.shardKey)
  return {
    id: accountId(`system:${ref.system}:${ref.currency}:${shard}`),
    playerId: null,
    currency: ref.currency,
    kind: ref.system,
    shard,
    mayGoNegative: true,
  }
}

/** Creates the accounts that do not exist yet (a player's first deposit in a currency). */
export async function openAccounts(db: Db | Tx, refs: AccountRef[]): Promise<void> {
  const rows = refs.map(resolveAccount)
  await db.insert(ledgerAccounts).values(rows).onConflictDoNothing()
}

const transferColumns = {
  id: ledgerTransfers.id,
  code: ledgerTransfers.code,
  amountMinor: ledgerTransfers.amountMinor,
  currency: ledgerTransfers.currency,
  debitAccountId: ledgerTransfers.debitAccountId,
  creditAccountId: ledgerTransfers.creditAccountId,
  reference: ledgerTransfers.reference,
  createdAt: ledgerTransfers.createdAt,
}

async function findTransfer(db: Db | Tx, idempotencyKey: string): Promise<Transfer | undefined> {
  const [row] = await db
    .select(transferColumns)
    .from(ledgerTransfers)
    .where(eq(ledgerTransfers.idempotencyKey, idempotencyKey))
  return row
}

/**
 * Posts one transfer inside the caller's transaction (`inLedgerTransaction`): `postTransfers`
 * with a batch of one.
 */
export async function postTransfer(tx: Tx, input: TransferInput): Promise<TransferResult> {
  const result = await postTransfers(tx, [input])
  if (result.status === 'exceeds_balance') {
    return { status: 'exceeds_balance', availableMinor: result.availableMinor }
  }
  if (result.status === 'gate_closed')
    throw new Error('a batch without a gate answered gate_closed')
  const [transfer] = result.transfers
  if (!transfer) throw new Error('a posted batch of one answered no transfer')
  return result.status === 'posted'
    ? { status: 'posted', transfer, balances: result.balances }
    : { status: 'exists', transfer }
}

/**
 * What posting a batch answered. `posted`: every transfer was written, and `balances` holds every
 * account of each player it touched, in its currency, after it (a wallet's figures without another
 * read). `exists`: the batch was posted before (its keys are taken), nothing moved now.
 * `exceeds_balance`: a player account would have gone below zero at some point of the batch,
 * nothing moved. `gate_closed`: the money could move but the caller's `BatchExtension` said no;
 * nothing moved. `report` holds the extension's own columns.
 */
export type BatchResult<Report = Record<string, never>> =
  | { status: 'posted'; transfers: Transfer[]; balances: PlayerBalance[]; report: Report }
  | { status: 'exists'; transfers: Transfer[] }
  | { status: 'exceeds_balance'; accountId: string; availableMinor: bigint }
  | { status: 'gate_closed'; report: Report }

/** The SQL types an extension's parameters may have, and the value each takes. */
interface ParamValues {
  uuid: string
  text: string
  int: number
  bigint: bigint
  boolean: boolean
  jsonb: unknown
}
type ParamType = keyof ParamValues
/** A parameter's type: `'bigint'`, or `'bigint | null'` when it may be null. */
export type ParamSpec = ParamType | `${ParamType} | null`
type ValueOf<S extends ParamSpec> = S extends `${infer T extends ParamType} | null`
  ? ParamValues[T] | null
  : S extends ParamType
    ? ParamValues[S]
    : never
/** The values of an extension's parameters, by name, typed by their declared SQL type. */
export type ExtensionValues<P extends Record<string, ParamSpec>> = {
  [K in keyof P]: ValueOf<P[K]>
}

/**
 * What a caller writes in the same statement as a batch, so that its own row and the money are
 * written together or not at all (a bet's nonce and bet row). Its `ctes` follow the batch's
 * `ready` (true when every account is locked, none would go short and no key is taken) and come
 * before the transfers are written; `gate` (over those CTEs) must hold for the transfers to be
 * written; `report` adds columns to the answer. `params` names and types its parameters; the SQL
 * refers to each through `p.<name>` (a typed placeholder the ledger numbers and binds itself), so
 * no caller counts `$n`. `name` names the prepared statement: its text must not change.
 */
export interface BatchExtension<P extends Record<string, ParamSpec> = Record<string, ParamSpec>> {
  name: string
  params: P
  sql: (p: { [K in keyof P]: string }) => { ctes: string; gate: string; report: string }
}

/** Declares an extension (its parameter names stay typed for `postTransfers`' values). */
export const batchExtension = <P extends Record<string, ParamSpec>>(
  extension: BatchExtension<P>,
): BatchExtension<P> => extension

/**
 * The extension's parameters in declared order, as the driver takes them (bigints and JSON as
 * text), and its placeholders `$1::type` to `$n::type` by name.
 */
export function bindExtension<P extends Record<string, ParamSpec>>(
  extension: BatchExtension<P>,
  values: ExtensionValues<P>,
): { params: unknown[]; placeholders: { [K in keyof P]: string } } {
  const params: unknown[] = []
  const placeholders: Record<string, string> = {}
  for (const [name, spec] of Object.entries(extension.params)) {
    const value = values[name] as unknown
    const type = spec.replace(' | null', '')
    params.push(
      value === null
        ? null
        : type === 'bigint'
          ? (value as bigint).toString()
          : type === 'jsonb'
            ? JSON.stringify(value)
            : value,
    )
    placeholders[name] = `$${String(params.length)}::${type}`
  }
  return { params, placeholders: placeholders as { [K in keyof P]: string } }
}

/** The batch statement's text per prepared-statement name (extension and shape). */
const batchTexts = new Map<string, string>()

/**
 * The batch statement, its name and its parameters. Every value is a parameter and every list a
 * list of parameters (`in (…)`, VALUES, CASE), so the text depends only on the batch's shape (how
 * many accounts, transfers and players): PostgreSQL plans each shape once per connection, and its
 * generic plan knows the row counts, so it is as good as planning each call (arrays would hide
 * them). The name says the extension and the shape; the text is built once per name.
 */
function batchStatement(
  batch: {
    accounts: { id: string; delta: bigint; needs: bigint }[]
    transfers: {
      id: string
      key: string
      code: string
      debitId: string
      creditId: string
      amountMinor: bigint
      reference: string
    }[]
    currency: string
    playerIds: string[]
  },
  extension: BatchExtension,
  extensionValues: Record<string, unknown>,
) {
  const bound = bindExtension(extension, extensionValues)
  const params = bound.params
  const param = (value: unknown, type: string) => {
    params.push(value)
    return `$${String(params.length)}::${type}`
  }
  const currency = param(batch.currency, 'text')
  const accounts = batch.accounts.map((account) => ({
    id: param(account.id, 'uuid'),
    delta: param(account.delta.toString(), 'bigint'),
    needs: param(account.needs.toString(), 'bigint'),
  }))
  const transfers = batch.transfers.map((transfer) => {
    const key = param(transfer.key, 'text')
    const values = [
      param(transfer.id, 'uuid'),
      key,
      param(transfer.code, 'text'),
      param(transfer.debitId, 'uuid'),
      param(transfer.creditId, 'uuid'),
      param(transfer.amountMinor.toString(), 'bigint'),
      param(transfer.reference, 'text'),
    ]
    return { key, values }
  })
  const accountIds = accounts.map(({ id }) => id).join(', ')
  const keys = transfers.map(({ key }) => key).join(', ')
  const players = batch.playerIds.map((id) => param(id, 'uuid')).join(', ')
  const name = `ledger_batch_${extension.name}_${String(accounts.length)}_${String(transfers.length)}_${String(batch.playerIds.length)}`
  const known = batchTexts.get(name)
  if (known !== undefined) return { name, text: known, params }
  // Per account id, one of its figures: a CASE over parameters rather than a join with a VALUES
  // list, so the plan has no join, hash or sort for it (executor start-up of every plan node is a
  // large part of what a bet costs PostgreSQL).
  const byAccount = (figure: 'delta' | 'needs', column: string) =>
    `case ${column} ${accounts.map((account) => `when ${account.id} then ${account[figure]}`).join(' ')} end`
  const { ctes, gate, report } = extension.sql(bound.placeholders)
  const text = `
  with locked as (
    -- Locks all the accounts or, when one is not open yet, none: holding some while the missing
    -- ones are opened would let the retry lock out of id order (a deadlock).
    select id, balance_minor,
      not may_go_negative and balance_minor < ${byAccount('needs', 'id')} as is_short
    from ledger_accounts
    where id in (${accountIds})
      and (select count(*) from ledger_accounts where id in (${accountIds})) = ${String(accounts.length)}
    order by id for update
  ), ready as (
    select *, locked_count = ${String(accounts.length)} and short_id is null and not has_existing as ok
    from (
      select count(*)::int as locked_count,
        (array_agg(id order by id) filter (where is_short))[1] as short_id,
        (array_agg(balance_minor order by id) filter (where is_short))[1] as short_balance,
        exists (select 1 from ledger_transfers where idempotency_key in (${keys})) as has_existing
      from locked
    ) figures
  )${ctes}, inserted as (
    insert into ledger_transfers
      (id, idempotency_key, code, debit_account_id, credit_account_id, currency, amount_minor, reference)
    select id, idempotency_key, code, debit_account_id, credit_account_id, ${currency}, amount_minor, reference
    from (values ${transfers.map(({ values }) => `(${values.join(', ')})`).join(', ')})
      as t (id, idempotency_key, code, debit_account_id, credit_account_id, amount_minor, reference)
    where (select ok from ready) and (${gate})
    on conflict (idempotency_key) do nothing
    returning 1
  ), updated as (
    update ledger_accounts a set balance_minor = a.balance_minor + ${byAccount('delta', 'a.id')}
    where a.id in (${accountIds}) and (select count(*) from inserted) = ${String(transfers.length)}
    returning a.id, a.balance_minor
  )
  select r.locked_count, (select count(*) from inserted)::int as inserted_count, r.has_existing,
    (${gate}) as gate_open, r.short_id, r.short_balance::text as short_balance,
    -- The transfers' created_at: the column's default, the transaction's start.
    (extract(epoch from now()) * 1000)::float8 as created_at_ms,
    ${
      players === ''
        ? `'[]'::json`
        : `(select coalesce(json_agg(json_build_object('player_id', a.player_id, 'kind', a.kind,
        'balance', coalesce(u.balance_minor, a.balance_minor)::text) order by a.player_id, a.kind), '[]'::json)
      from ledger_accounts a left join updated u on u.id = a.id
      where a.player_id in (${players}) and a.currency = ${currency})`
    } as balances${report}
  from ready r`
  batchTexts.set(name, text)
  return { name, text, params }
}

const PLAIN_BATCH = batchExtension({
  name: 'plain',
  params: {},
  sql: () => ({ ctes: '', gate: 'true', report: '' }),
})

type BalanceJson = { player_id: string; kind: PlayerAccountKind; balance: string }

interface BatchRow {
  locked_count: number
  inserted_count: number
  has_existing: boolean
  gate_open: boolean
  short_id: string | null
  short_balance: string | null
  created_at_ms: number
  balances: BalanceJson[] | string
}

/**
 * Posts transfers of one currency, in order, as one: all or none. One statement does it all (a
 * bet's stake and win are one round trip to the database, not two): lock every account in id
 * order (so two batches never wait on each other in a circle), check that no account that may not
 * go negative dips below zero at any step, write the transfers unless their keys exist, and move
 * each balance once by its net change. One statement is atomic on its own, so `db` may be the
 * database or a transaction; the database's check constraint stands behind the balance check.
 */
export async function postTransfers<
  Report = Record<string, never>,
  P extends Record<string, ParamSpec> = Record<string, never>,
>(
  db: Db | Tx,
  inputs: TransferInput[],
  extension?: { with: BatchExtension<P>; values: ExtensionValues<P> },
): Promise<BatchResult<Report>> {
  const [first] = inputs
  if (!first) throw new Error('a batch needs a transfer')
  const currency = resolveAccount(first.debit).currency
  const planned = inputs.map((input) => {
    if (input.amountMinor <= 0n)
      throw new Error(`transfer amount must be positive: ${input.amountMinor}`)
    const debit = resolveAccount(input.debit)
    const credit = resolveAccount(input.credit)
    if (debit.currency !== currency || credit.currency !== currency)
      throw new Error('a transfer moves one currency')
    if (debit.id === credit.id) throw new Error('a transfer needs two accounts')
    return { input, debit, credit, id: uuidv7() }
  })

  // Per account: the net change, and the balance it needs before the batch so that it never dips
  // below zero after any transfer (the deepest point of its running sum).
  const accounts = new Map<string, { account: ResolvedAccount; delta: bigint; needs: bigint }>()
  const touch = (account: ResolvedAccount, change: bigint) => {
    const entry = accounts.get(account.id) ?? { account, delta: 0n, needs: 0n }
    entry.delta += change
    if (-entry.delta > entry.needs) entry.needs = -entry.delta
    accounts.set(account.id, entry)
  }
  for (const { input, debit, credit } of planned) {
    touch(debit, -input.amountMinor)
    touch(credit, input.amountMinor)
  }
  const entries = [...accounts.values()]
  const batch = {
    accounts: entries.map(({ account, delta, needs }) => ({ id: account.id, delta, needs })),
    transfers: planned.map(({ input, debit, credit, id }) => ({
      id,
      key: input.idempotencyKey,
      code: input.code,
      debitId: debit.id,
      creditId: credit.id,
      amountMinor: input.amountMinor,
      reference: input.reference ?? '',
    })),
    currency,
    playerIds: [...new Set(entries.flatMap(({ account }) => account.playerId ?? []))],
  }
  const statement = extension
    ? batchStatement(batch, extension.with as BatchExtension, extension.values)
    : batchStatement(batch, PLAIN_BATCH, {})
  const post = async () => {
    const [row] = await executePrepared<BatchRow & Report>(
      db,
      statement.name,
      statement.text,
      statement.params,
    )
    if (!row) throw new Error('the transfer statement answered no row')
    return row
  }

  let row = await post()
  if (row.locked_count < accounts.size && !row.has_existing) {
    await db
      .insert(ledgerAccounts)
      .values(entries.map(({ account }) => account))
      .onConflictDoNothing()
    row = await post()
  }
  if (row.inserted_count === planned.length) {
    const createdAt = new Date(row.created_at_ms)
    // node-postgres parses json columns; PGlite may hand back the text.
    const balances =
      typeof row.balances === 'string' ? (JSON.parse(row.balances) as BalanceJson[]) : row.balances
    return {
      status: 'posted',
      transfers: planned.map(({ input, debit, credit, id }) => ({
        id,
        code: input.code,
        amountMinor: input.amountMinor,
        currency,
        debitAccountId: debit.id,
        creditAccountId: credit.id,
        reference: input.reference ?? '',
        createdAt,
      })),
      balances: balances.map((balance) => ({
        playerId: balance.player_id,
        currency,
        kind: balance.kind,
        balanceMinor: BigInt(balance.balance),
      })),
      report: row,
    }
  }
  if (row.inserted_count > 0) {
    // Some keys of this batch were free and others taken: a key was reused for other money.
    throw new Error(`transfer batch ${first.idempotencyKey} overlaps an earlier batch`)
  }
  if (row.short_id !== null && !row.has_existing) {
    return {
      status: 'exceeds_balance',
      accountId: row.short_id,
      availableMinor: BigInt(row.short_balance ?? '0'),
    }
  }
  if (!row.gate_open && !row.has_existing) return { status: 'gate_closed', report: row }
  const found: Transfer[] = []
  for (const { input } of planned) {
    const transfer = await findTransfer(db, input.idempotencyKey)
    if (transfer) found.push(transfer)
  }
  if (found.length !== planned.length) {
    throw new Error(`transfer batch ${first.idempotencyKey} conflicted but is not all there`)
  }
  return { status: 'exists', transfers: found }
}

const RETRYABLE = new Set(['40001', '40P01'])
const MAX_ATTEMPTS = 4

function sqlState(error: unknown): string | undefined {
  for (let current = error; current instanceof Error || (current && typeof current === 'object');) {
    const code = (current as { code?: unknown }).code
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code
    current = (current as { cause?: unknown }).cause
    if (!current) break
  }
  return undefined
}

/**
 * Runs `work` again from the start when PostgreSQL chose it as a deadlock victim or a
 * serialisation failure. `work` must be one statement or one transaction: nothing of a failed
 * attempt stays, so a retry is safe.
 */
export async function retryingConflicts<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work()
    } catch (error) {
      const state = sqlState(error)
      if (attempt >= MAX_ATTEMPTS || !state || !RETRYABLE.has(state)) throw error
    }
  }
}

/** Runs `work` in one transaction, again from the start when it lost a deadlock or conflict. */
export function inLedgerTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  return retryingConflicts(() => db.transaction(work))
}

/** A player's balances in every currency they hold, by account kind. */
export async function playerBalances(db: Db | Tx, playerId: string): Promise<PlayerBalance[]> {
  const rows = await db
    .select({
      currency: ledgerAccounts.currency,
      kind: ledgerAccounts.kind,
      balanceMinor: ledgerAccounts.balanceMinor,
    })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.playerId, playerId))
    .orderBy(ledgerAccounts.createdAt, ledgerAccounts.currency)
  return rows.map((row) => ({ ...row, playerId, kind: row.kind as PlayerAccountKind }))
}

/** One player account's balance; 0 when the account was never opened. */
export async function accountBalance(
  db: Db | Tx,
  ref: Extract<AccountRef, { playerId: string }>,
): Promise<bigint> {
  const [row] = await db
    .select({ balanceMinor: ledgerAccounts.balanceMinor })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.id, resolveAccount(ref).id)))
  return row?.balanceMinor ?? 0n
}

export interface BooksReport {
  /** True when every check below found nothing. */
  isBalanced: boolean
  /** Currencies whose accounts do not sum to zero. */
  currencyTotals: { currency: string; sumMinor: string }[]
  /** Accounts whose balance differs from the sum of their transfers. */
  accountMismatches: { accountId: string; balanceMinor: string; transfersMinor: string }[]
  /** Transfers whose accounts are not in the transfer's currency. */
  currencyMismatches: string[]
  /** Transfers naming an account that does not exist (no foreign key stands behind them). */
  missingAccounts: string[]
  accounts: number
  transfers: number
}

/**
 * Proves the books (`npm run ledger:check`, `GET /admin/api/ledger/check`): per currency the
 * accounts sum to zero, each balance equals its transfers, no transfer mixes currencies, and
 * every transfer's accounts exist.
 */
export async function checkBooks(db: Db): Promise<BooksReport> {
  const totals = await db
    .select({
      currency: ledgerAccounts.currency,
      sumMinor: sql<string>`sum(${ledgerAccounts.balanceMinor})::text`,
    })
    .from(ledgerAccounts)
    .groupBy(ledgerAccounts.currency)
  const mismatches = await db.execute(sql`
    select a.id as account_id, a.balance_minor::text as balance_minor,
           (coalesce(c.total, 0) - coalesce(d.total, 0))::text as transfers_minor
    from ledger_accounts a
    left join (select credit_account_id as id, sum(amount_minor) as total from ledger_transfers group by 1) c on c.id = a.id
    left join (select debit_account_id as id, sum(amount_minor) as total from ledger_transfers group by 1) d on d.id = a.id
    where a.balance_minor <> coalesce(c.total, 0) - coalesce(d.total, 0)`)
  const mixed = await db.execute(sql`
    select t.id from ledger_transfers t
    join ledger_accounts d on d.id = t.debit_account_id
    join ledger_accounts c on c.id = t.credit_account_id
    where d.currency <> t.currency or c.currency <> t.currency`)
  const orphans = await db.execute(sql`
    select t.id from ledger_transfers t
    where not exists (select 1 from ledger_accounts d where d.id = t.debit_account_id)
       or not exists (select 1 from ledger_accounts c where c.id = t.credit_account_id)`)
  const counts = await db.execute(sql`
    select (select count(*) from ledger_accounts)::int as accounts,
           (select count(*) from ledger_transfers)::int as transfers`)
  const [count] = rowsOf<{ accounts: number; transfers: number }>(counts)
  const currencyTotals = totals.filter((row) => BigInt(row.sumMinor) !== 0n)
  const accountMismatches = rowsOf<{
    account_id: string
    balance_minor: string
    transfers_minor: string
  }>(mismatches).map((row) => ({
    accountId: row.account_id,
    balanceMinor: row.balance_minor,
    transfersMinor: row.transfers_minor,
  }))
  const currencyMismatches = rowsOf<{ id: string }>(mixed).map((row) => row.id)
  const missingAccounts = rowsOf<{ id: string }>(orphans).map((row) => row.id)
  return {
    isBalanced:
      currencyTotals.length === 0 &&
      accountMismatches.length === 0 &&
      currencyMismatches.length === 0 &&
      missingAccounts.length === 0,
    currencyTotals,
    accountMismatches,
    currencyMismatches,
    missingAccounts,
    accounts: count?.accounts ?? 0,
    transfers: count?.transfers ?? 0,
  }
}

/** node-postgres answers `execute` with a result object, PGlite with one too: both carry `rows`. */
function rowsOf<R>(result: unknown): R[] {
  return (result as { rows: R[] }).rows
}
