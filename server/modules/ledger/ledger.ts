import { and, eq, sql } from 'drizzle-orm'
import type { Db, Tx } from '#db/client.ts'
import { uuidv5, uuidv7 } from '#server/lib/ids.ts'
import type { CurrencyCode } from '#server/lib/money.ts'
import {
  ledgerAccounts,
  ledgerTransfers,
  type PlayerAccountKind,
  type SystemAccountKind,
} from './ledger.tables.ts'

/** How many rows each house account is spread over (see `ledgerAccounts`). */
export const SYSTEM_SHARDS = 16

/** Why money moved; a closed list so reports and history can name each kind. */
export const TRANSFER_CODES = [
  /** A deposit arrived from a payment provider into the player's cash. */
  'deposit',
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
] as const
export type TransferCode = (typeof TRANSFER_CODES)[number]

export type AccountRef =
  | { playerId: string; kind: PlayerAccountKind; currency: CurrencyCode }
  /** `shardKey` (usually the player's id) picks one of the house account's rows. */
  | { system: SystemAccountKind; currency: CurrencyCode; shardKey: string }

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
  currency: CurrencyCode
  kind: PlayerAccountKind | SystemAccountKind
  shard: number
  mayGoNegative: boolean
}

/** An account's id is derived from what it is, so posting needs no lookup to find it. */
export function resolveAccount(ref: AccountRef): ResolvedAccount {
  if ('playerId' in ref) {
    return {
      id: uuidv5(`player:${ref.playerId}:${ref.currency}:${ref.kind}`),
      playerId: ref.playerId,
      currency: ref.currency,
      kind: ref.kind,
      shard: 0,
      mayGoNegative: false,
    }
  }
  const shard = shardOf(ref.shardKey)
  return {
    id: uuidv5(`system:${ref.system}:${ref.currency}:${shard}`),
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
 * nothing moved.
 */
export type BatchResult =
  | { status: 'posted'; transfers: Transfer[]; balances: PlayerBalance[] }
  | { status: 'exists'; transfers: Transfer[] }
  | { status: 'exceeds_balance'; accountId: string; availableMinor: bigint }

/**
 * Posts transfers of one currency, in order, as one: all or none. One statement does it all (a
 * bet's stake and win are one round trip to the database, not two): lock every account in id
 * order (so two batches never wait on each other in a circle), check that no account that may not
 * go negative dips below zero at any step, write the transfers unless their keys exist, and move
 * each balance once by its net change. Note: the caller must run this in a transaction
 * (`inLedgerTransaction`); the database's check constraint stands behind the balance check.
 */
export async function postTransfers(tx: Tx, inputs: TransferInput[]): Promise<BatchResult> {
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
  const ids = [...accounts.keys()]
  const idList = sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  )
  const caseOf = (value: (entry: { delta: bigint; needs: bigint }) => bigint) =>
    sql.join(
      [...accounts.entries()].map(
        ([id, entry]) => sql`when ${id}::uuid then ${value(entry)}::bigint`,
      ),
      sql` `,
    )
  const playerIds = [
    ...new Set([...accounts.values()].flatMap(({ account }) => account.playerId ?? [])),
  ]
  const rows = JSON.stringify(
    planned.map(({ input, debit, credit, id }, ord) => ({
      ord,
      id,
      idempotency_key: input.idempotencyKey,
      code: input.code,
      debit_account_id: debit.id,
      credit_account_id: credit.id,
      amount_minor: input.amountMinor.toString(),
      reference: input.reference ?? '',
    })),
  )
  const keys = sql.join(
    planned.map(({ input }) => sql`${input.idempotencyKey}`),
    sql`, `,
  )
  const walletOfPlayers =
    playerIds.length === 0
      ? sql`'[]'::json`
      : sql`(select coalesce(json_agg(json_build_object('player_id', a.player_id, 'kind', a.kind,
            'balance', coalesce(u.balance_minor, a.balance_minor)::text) order by a.player_id, a.kind), '[]'::json)
          from ledger_accounts a left join updated u on u.id = a.id
          where a.player_id in (${sql.join(
            playerIds.map((id) => sql`${id}::uuid`),
            sql`, `,
          )}) and a.currency = ${currency})`

  const post = async () => {
    const result = await tx.execute(sql`
      with locked as (
        -- Locks all the accounts or, when one is not open yet, none: holding some while the
        -- missing ones are opened would let the retry lock out of id order (a deadlock).
        select id, balance_minor, may_go_negative from ledger_accounts
        where id in (${idList})
          and (select count(*) from ledger_accounts where id in (${idList})) = ${ids.length}
        order by id for update
      ), short as (
        select id, balance_minor from locked
        where not may_go_negative and balance_minor < case id ${caseOf((entry) => entry.needs)} end
      ), existing as (
        select 1 from ledger_transfers where idempotency_key in (${keys})
      ), inserted as (
        insert into ledger_transfers
          (id, idempotency_key, code, debit_account_id, credit_account_id, currency, amount_minor, reference)
        select id, idempotency_key, code, debit_account_id, credit_account_id, ${currency}, amount_minor, reference
        from jsonb_to_recordset(${rows}::jsonb) as t(ord int, id uuid, idempotency_key text, code text,
          debit_account_id uuid, credit_account_id uuid, amount_minor bigint, reference text)
        where (select count(*) from locked) = ${ids.length}
          and not exists (select 1 from short) and not exists (select 1 from existing)
        order by ord
        on conflict (idempotency_key) do nothing
        returning id, created_at
      ), updated as (
        update ledger_accounts set balance_minor = balance_minor + case id ${caseOf((entry) => entry.delta)} end
        where id in (${idList}) and (select count(*) from inserted) = ${planned.length}
        returning id, balance_minor
      )
      select
        (select count(*) from locked)::int as locked_count,
        (select count(*) from inserted)::int as inserted_count,
        exists (select 1 from existing) as has_existing,
        (select id from short order by id limit 1) as short_id,
        (select balance_minor::text from short order by id limit 1) as short_balance,
        (select extract(epoch from min(created_at)) * 1000 from inserted)::float8 as created_at_ms,
        ${walletOfPlayers} as balances`)
    const [row] = rowsOf<{
      locked_count: number
      inserted_count: number
      has_existing: boolean
      short_id: string | null
      short_balance: string | null
      created_at_ms: number | null
      balances: { player_id: string; kind: PlayerAccountKind; balance: string }[] | string
    }>(result)
    if (!row) throw new Error('the transfer statement answered no row')
    return row
  }

  let row = await post()
  if (row.locked_count < ids.length && !row.has_existing) {
    await tx
      .insert(ledgerAccounts)
      .values([...accounts.values()].map(({ account }) => account))
      .onConflictDoNothing()
    row = await post()
  }
  if (row.inserted_count === planned.length && row.created_at_ms !== null) {
    const createdAt = new Date(row.created_at_ms)
    type Balance = { player_id: string; kind: PlayerAccountKind; balance: string }
    // node-postgres parses json columns; PGlite may hand back the text.
    const balances =
      typeof row.balances === 'string' ? (JSON.parse(row.balances) as Balance[]) : row.balances
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
    }
  }
  if (row.inserted_count > 0) {
    // Some keys of this batch were free and others taken: a key was reused for other money.
    throw new Error(`transfer batch ${first.idempotencyKey} overlaps an earlier batch`)
  }
  if (row.has_existing || row.short_id === null) {
    const found: Transfer[] = []
    for (const { input } of planned) {
      const transfer = await findTransfer(tx, input.idempotencyKey)
      if (transfer) found.push(transfer)
    }
    if (found.length !== planned.length) {
      throw new Error(`transfer batch ${first.idempotencyKey} conflicted but is not all there`)
    }
    return { status: 'exists', transfers: found }
  }
  return {
    status: 'exceeds_balance',
    accountId: row.short_id,
    availableMinor: BigInt(row.short_balance ?? '0'),
  }
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
 * Runs `work` in one transaction, again from the start when PostgreSQL chose it as a deadlock
 * victim or a serialisation failure: nothing of a failed attempt stays, so a retry is safe.
 */
export async function inLedgerTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(work)
    } catch (error) {
      const state = sqlState(error)
      if (attempt >= MAX_ATTEMPTS || !state || !RETRYABLE.has(state)) throw error
    }
  }
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
  accounts: number
  transfers: number
}

/**
 * Proves the books (`npm run ledger:check`, `GET /admin/api/ledger/check`): per currency the
 * accounts sum to zero, each balance equals its transfers, and no transfer mixes currencies.
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
  return {
    isBalanced:
      currencyTotals.length === 0 &&
      accountMismatches.length === 0 &&
      currencyMismatches.length === 0,
    currencyTotals,
    accountMismatches,
    currencyMismatches,
    accounts: count?.accounts ?? 0,
    transfers: count?.transfers ?? 0,
  }
}

/** node-postgres answers `execute` with a result object, PGlite with one too: both carry `rows`. */
function rowsOf<R>(result: unknown): R[] {
  return (result as { rows: R[] }).rows
}
