import { and, eq } from 'drizzle-orm'
import type { Db, Tx } from '#db/client.ts'
import { AppError } from '#server/lib/errors.ts'
import { uuidv7 } from '#server/lib/ids.ts'
import { formatDecimal, type CurrencyCode } from '#common/money.ts'
import type { SecretBox } from '#server/lib/secret-box.ts'
import {
  accountBalance,
  batchExtension,
  inLedgerTransaction,
  postTransfers,
  retryingConflicts,
  type ExtensionValues,
} from '#server/modules/ledger/index.ts'
import {
  assertMayPlay,
  lockPlayChecks,
  PROTECTION_IN_PLAY,
  type SlotCycle,
} from '#server/modules/limits/index.ts'
import {
  fromEurRounded,
  loadRates,
  type RateTable,
  walletEntryOf,
} from '#server/modules/wallet/index.ts'
import { gameStakeLimits, games } from '../catalogue/catalogue.tables.ts'
import type { FairnessInput } from './engines/fairness.ts'
import { bets } from '../bets/bets.tables.ts'
import { playUsageRows, type BetRow, type PlacedBet, capWin } from '../bets/index.ts'
import { forgetSeedState, inPlayersLine, seedState } from './seeds.ts'
import { splitStake, wageringOf } from '#common/bonus-rules.ts'
import {
  assertWithinMaxBet,
  balancesAfter,
  CASH_ONLY,
  type BonusShareGoesTo,
  type StakeSplit,
  completeIfWagered,
  gameContribution,
  lockBonusForBet,
  returnTransfers,
  splitLockedStake,
  stakeTransfers,
  type WageringOutcome,
} from '#server/modules/bonuses/index.ts'

// What every real-money Original shares: stake ranges, the stake and win transfers, and the one
// statement that places a one-step bet (nonce, money, bet row), idempotent per client request id.

/** Stakes of the Originals, in euro minor units, turned into each currency by the rate table. */
export const ORIGINALS_STAKE_EUR = { min: 10n, max: 1_000_00n }

type StakeLimitRow = { min: bigint; max: bigint } | undefined

/**
 * The catalogue's stake limits change only with its seed (no operator call edits them yet), and
 * every bet needs them: each instance reads one engine and currency at most once a minute, as it
 * does the rates. Whatever changes `game_stake_limits` at run time calls `forgetStakeLimits`.
 */
const STAKE_LIMITS_CACHE_MS = 60_000
const stakeLimitsCache = new WeakMap<
  Db | Tx,
  Map<string, { row: StakeLimitRow; readAtMs: number }>
>()

/** Drops this instance's cached stake limits (after `game_stake_limits` changed). */
export function forgetStakeLimits(db: Db | Tx): void {
  stakeLimitsCache.delete(db)
}

async function stakeLimitRow(db: Db | Tx, engine: string, currency: CurrencyCode) {
  const key = `${engine}:${currency}`
  const cached = stakeLimitsCache.get(db)?.get(key)
  if (cached && Date.now() - cached.readAtMs < STAKE_LIMITS_CACHE_MS) return cached.row
  const [row] = await db
    .select({ min: gameStakeLimits.minMinor, max: gameStakeLimits.maxMinor })
    .from(gameStakeLimits)
    .innerJoin(games, eq(games.id, gameStakeLimits.gameId))
    .where(
      and(
        eq(games.engine, engine),
        eq(games.kind, 'original'),
        eq(gameStakeLimits.currency, currency),
      ),
    )
    .limit(1)
  const byKey =
    stakeLimitsCache.get(db) ?? new Map<string, { row: StakeLimitRow; readAtMs: number }>()
  byKey.set(key, { row, readAtMs: Date.now() })
  stakeLimitsCache.set(db, byKey)
  return row
}

/**
 * The stake range of an Original in `currency`: the catalogue's `game_stake_limits` row of the
 * game running that engine when the operator set one, else the Originals' euro range converted.
 */
export async function originalStakeRange(
  db: Db | Tx,
  rates: RateTable,
  engine: string,
  currency: CurrencyCode,
): Promise<{ min: bigint; max: bigint }> {
  const limit = await stakeLimitRow(db, engine, currency)
  if (limit) return limit
  return {
    min: fromEurRounded(rates, ORIGINALS_STAKE_EUR.min, currency),
    max: fromEurRounded(rates, ORIGINALS_STAKE_EUR.max, currency),
  }
}

export function assertStakeInRange(
  stakeMinor: bigint,
  range: { min: bigint; max: bigint },
  currency: CurrencyCode,
): void {
  if (stakeMinor < range.min) {
    throw new AppError('games.stake_below_min', {
      params: { min: formatDecimal(range.min, currency), currency },
    })
  }
  if (stakeMinor > range.max) {
    throw new AppError('games.stake_above_max', {
      params: { max: formatDecimal(range.max, currency), currency },
    })
  }
}

interface MoneyOfBet {
  playerId: string
  currency: CurrencyCode
  betId: string
}

const insufficientFunds = (availableMinor: bigint, currency: CurrencyCode) =>
  new AppError('games.insufficient_funds', {
    params: { available: formatDecimal(availableMinor, currency), currency },
  })

/**
 * Takes a stake inside `tx`: the cash part and the bonus-money part of `split` (all cash without
 * a bonus); 409 when they do not cover it, nothing moved. Answers the balances after it.
 */
export async function takeStake(
  tx: Tx,
  input: MoneyOfBet & { stakeMinor: bigint; split?: StakeSplit; bonusBalanceMinor?: bigint },
) {
  const split = input.split ?? CASH_ONLY(input.stakeMinor)
  const stake = await postTransfers(
    tx,
    stakeTransfers(
      {
        key: `bet:${input.betId}`,
        playerId: input.playerId,
        currency: input.currency,
        reference: input.betId,
      },
      split,
    ),
  )
  if (stake.status === 'exceeds_balance') {
    // With a bonus the stake could have used cash and bonus money together.
    const available = split.bonusId
      ? split.cashMinor + (input.bonusBalanceMinor ?? 0n)
      : stake.availableMinor
    throw insufficientFunds(available, input.currency)
  }
  if (stake.status !== 'posted') throw new Error(`stake of ${input.betId}: ${stake.status}`)
  return stake.balances
}

/**
 * Pays a win back inside `tx` (nothing for a zero payout): a bet staked with bonus money pays
 * the bonus share where `goesTo` says (`returnTransfers`), the rest to cash.
 */
export async function payWin(
  tx: Tx,
  input: MoneyOfBet & {
    payoutMinor: bigint
    stakeMinor?: bigint
    bonusStakeMinor?: bigint
    goesTo?: BonusShareGoesTo | null
  },
): Promise<void> {
  if (input.payoutMinor <= 0n) return
  const { transfers } = returnTransfers(
    'win',
    {
      key: `win:${input.betId}`,
      playerId: input.playerId,
      currency: input.currency,
      reference: input.betId,
    },
    {
      amountMinor: input.payoutMinor,
      stakeMinor: input.stakeMinor ?? input.payoutMinor,
      bonusStakeMinor: input.bonusStakeMinor ?? 0n,
    },
    input.goesTo ?? null,
  )
  if (transfers.length > 0) await postTransfers(tx, transfers)
}

/**
 * Refuses a stake the player may not make now (409, nothing moves): a protection bar (a break, a
 * reality check waiting, the play-time limit, a slot spin too soon) or no room under the loss or
 * wager limits. Call it once those rows are locked in `tx` (`lockPlayChecks`, or `takeNonce`
 * answering `hasPlayChecks`), so parallel bets of the player are counted here one after another.
 * Answers whether the player's next bets need the check too.
 */
export async function assertBetAllowed(
  db: Db,
  tx: Tx,
  input: { playerId: string; currency: CurrencyCode; stakeMinor: bigint; slotCycle?: SlotCycle },
): Promise<boolean> {
  return assertMayPlay(tx, {
    playerId: input.playerId,
    currency: input.currency,
    stakeMinor: input.stakeMinor,
    usageRows: playUsageRows,
    loadRates: () => loadRates(db),
    ...(input.slotCycle && { slotCycle: input.slotCycle }),
  })
}

/** Thrown inside the transaction when the bet's id is taken: it rolls back, then we look. */
export class DuplicateBet extends Error {}

export interface InstantBetInput {
  playerId: string
  currency: CurrencyCode
  stakeMinor: bigint
  clientRequestId: string
  /** The most this bet may pay (`win-caps.ts`), minor units of `currency`. */
  maxWinMinor: bigint
  /**
   * A slot spin: where the player's jurisdiction sets a shortest game cycle, a spin sooner than
   * that after their previous one of the game is refused (`protection.slot_cycle`).
   */
  isSlotSpin?: boolean
}

/**
 * A one-step bet's own part of the ledger's statement: `repeat` says whether the client request
 * id was used before; `seed` takes the nonce this instance counted only when the money is ready
 * and nothing changed since the count (same pair, same nonce, the player's current currency, the
 * play checks (limits, protection) made under lock or none to make, the active bonus locked or
 * none, a new request id);
 * `bet` writes the bet row from it (with the bonus it was staked on and the bonus money part);
 * `wagering` adds the stake's contribution to that bonus in the same statement (no extra round
 * trip on the bonus path). The stake and win are written only with the bet row.
 * Unless the caller's transaction locked it (`bonusChecked`), `bonus` locks the bet's bonus while
 * it is still active (so no cancel, expiry or completion ends it under the bet, and the lock sees
 * its latest state rather than the statement's snapshot), and `cash` is the player's cash before
 * the bet (the locked row's when the stake touches it): a stake that takes bonus money must find
 * exactly the cash it split on (real money first; more cash arrived since: read and split again).
 */
export const INSTANT_BET = batchExtension({
  name: 'instant_bet',
  params: {
    seedId: 'uuid',
    playerId: 'uuid',
    nonce: 'int',
    currency: 'text',
    playChecked: 'boolean',
    clientRequestId: 'text',
    betId: 'uuid',
    game: 'text',
    round: 'text',
    stakeMinor: 'bigint',
    payoutMinor: 'bigint',
    multiplierBp: 'bigint',
    outcome: 'jsonb',
    uncappedPayoutMinor: 'bigint | null',
    bonusChecked: 'boolean',
    bonusId: 'uuid | null',
    bonusStakeMinor: 'bigint',
    wageringMinor: 'bigint',
    cashAssumed: 'bigint | null',
  },
  sql: (p) => ({
    ctes: `, repeat as (
    select exists (select 1 from bets where player_id = ${p.playerId} and client_request_id = ${p.clientRequestId}) as yes
  ), bonus as (
    select id from player_bonuses
    where not ${p.bonusChecked} and id = ${p.bonusId} and player_id = ${p.playerId}
      and status = 'active' and expires_at > now()
    for update
  ), cash as (
    select coalesce(
      (select l.balance_minor from locked l join ledger_accounts a on a.id = l.id
        where a.player_id = ${p.playerId} and a.kind = 'cash'),
      (select balance_minor from ledger_accounts
        where player_id = ${p.playerId} and currency = ${p.currency} and kind = 'cash'),
      0) as balance
  ), seed as (
    update fairness_seeds set next_nonce = next_nonce + 1
    where id = ${p.seedId} and player_id = ${p.playerId} and next_nonce = ${p.nonce} and revealed_at is null
      and (select ok from ready) and not (select yes from repeat)
      and exists (select 1 from players where id = ${p.playerId} and currency = ${p.currency})
      and (${p.playChecked} or (not exists (select 1 from play_limits where player_id = ${p.playerId})
        and not exists (select 1 from player_protection where player_id = ${p.playerId} and ${PROTECTION_IN_PLAY})))
      and (${p.bonusChecked} or case when ${p.bonusId} is null
        then not exists (select 1 from player_bonuses
          where player_id = ${p.playerId} and status = 'active' and expires_at > now())
        else exists (select 1 from bonus)
          and (${p.cashAssumed} is null or (select balance from cash) = ${p.cashAssumed}) end)
    returning id
  ), bet as (
    insert into bets (id, player_id, game, round, currency, stake_minor, payout_minor, multiplier_bp,
      client_request_id, seed_id, nonce, outcome, uncapped_payout_minor, bonus_id, bonus_stake_minor)
    select ${p.betId}, ${p.playerId}, ${p.game}, ${p.round}, ${p.currency}, ${p.stakeMinor}, ${p.payoutMinor}, ${p.multiplierBp},
      ${p.clientRequestId}, ${p.seedId}, ${p.nonce}, ${p.outcome}, ${p.uncappedPayoutMinor}, ${p.bonusId}, ${p.bonusStakeMinor}
    from seed
    on conflict do nothing
    returning id
  ), wagering as (
    update player_bonuses set wagered_minor = wagered_minor + ${p.wageringMinor}
    where ${p.bonusId} is not null and id = ${p.bonusId} and exists (select 1 from bet)
    returning wagered_minor, wagered_minor >= wagering_required_minor as is_done
  )`,
    gate: 'exists (select 1 from bet)',
    report: `, (select yes from repeat) as is_repeat,
      (select wagered_minor::text from wagering) as bonus_wagered,
      coalesce((select is_done from wagering), false) as bonus_done`,
  }),
})

type BetRowValues = Omit<BetRow, 'createdAt'>

/**
 * What a bet's statement checks of the player's active bonus. `checked`: the bonus is locked by
 * the caller's transaction (or there is none to check); otherwise the statement locks the bet's
 * bonus itself, or refuses to write while one exists when the bet has none. `cashAssumed`: the
 * cash the split found, checked when the stake takes bonus money (null: the stake is all cash).
 */
interface BonusPart {
  checked: boolean
  wageringMinor: bigint
  cashAssumed: bigint | null
}
const NO_BONUS: BonusPart = { checked: false, wageringMinor: 0n, cashAssumed: null }

/** The values of `INSTANT_BET` for a bet, by name. */
export const instantBetValues = (
  bet: BetRowValues & { seedId: string; nonce: number },
  playChecked: boolean,
  bonus: BonusPart = NO_BONUS,
): ExtensionValues<typeof INSTANT_BET.params> => ({
  seedId: bet.seedId,
  playerId: bet.playerId,
  nonce: bet.nonce,
  currency: bet.currency,
  playChecked,
  clientRequestId: bet.clientRequestId,
  betId: bet.id,
  game: bet.game,
  round: bet.round,
  stakeMinor: bet.stakeMinor,
  payoutMinor: bet.payoutMinor,
  multiplierBp: BigInt(bet.multiplierBp),
  outcome: bet.outcome,
  uncappedPayoutMinor: bet.uncappedPayoutMinor,
  bonusChecked: bonus.checked,
  bonusId: bet.bonusId,
  bonusStakeMinor: bet.bonusStakeMinor,
  wageringMinor: bonus.wageringMinor,
  cashAssumed: bonus.cashAssumed,
})

/**
 * The stake, the win (when there is one), the nonce and the bet row: one statement, all or none.
 * A bet staked partly with bonus money (`bet.bonusStakeMinor`) takes that part from the bonus
 * account and pays the bonus share of its win back there (`bonus`: the bonus is locked and active).
 */
function postBet(
  db: Db | Tx,
  bet: BetRowValues & { seedId: string; nonce: number },
  playChecked: boolean,
  bonus: BonusPart = NO_BONUS,
) {
  const currency = bet.currency as CurrencyCode
  const money = { playerId: bet.playerId, currency, reference: bet.id }
  const split = {
    bonusId: bet.bonusId,
    cashMinor: bet.stakeMinor - bet.bonusStakeMinor,
    bonusMinor: bet.bonusStakeMinor,
  }
  const win = returnTransfers(
    'win',
    { ...money, key: `win:${bet.id}` },
    {
      amountMinor: bet.payoutMinor,
      stakeMinor: bet.stakeMinor,
      bonusStakeMinor: bet.bonusStakeMinor,
    },
    bet.bonusId ? 'active' : null,
  )
  return postTransfers<
    { is_repeat: boolean; bonus_wagered: string | null; bonus_done: boolean },
    typeof INSTANT_BET.params
  >(db, [...stakeTransfers({ ...money, key: `bet:${bet.id}` }, split), ...win.transfers], {
    with: INSTANT_BET,
    values: instantBetValues(bet, playChecked, bonus),
  })
}

/** A placed one-step bet and, when it was wagered on a bonus, what it did to the bonus. */
export type PlacedInstantBet = PlacedBet & { wagering?: WageringOutcome | null }

/** How often a bet reads the seed pair again when its count went stale before giving up. */
const BET_ATTEMPTS = 3

/**
 * A one-step Original (Dice, Slots, Roulette): nonce, stake, win and bet row in one statement, so a
 * bet is all there or not at all; a repeated client request id answers the first bet and moves
 * nothing. `settle` turns the seed pair's numbers into the payout and what the bet row records;
 * a payout over `maxWinMinor` pays that cap.
 * A player with play limits, a protection row bets read (a break, a reality check, a play-time
 * limit), a slot's minimum cycle, or an active bonus bets in a transaction that locks the bonus
 * (max bet, real money first, wagering, completion; `server/modules/bonuses/wagering.ts`) and
 * what the bet checks first (`assertBetAllowed`); the rest in the single statement.
 */
export function placeInstantBet(
  db: Db,
  box: SecretBox,
  game: string,
  input: InstantBetInput,
  settle: (fairness: FairnessInput) => {
    payoutMinor: bigint
    outcome: Record<string, unknown>
  },
): Promise<PlacedInstantBet> {
  return inPlayersLine(input.playerId, async () => {
    for (let attempt = 1; ; attempt++) {
      const seed = await seedState(db, box, input.playerId)
      if (seed.currency !== input.currency) {
        // A remembered pair may predate a change of currency: read it once more before refusing.
        forgetSeedState(db, input.playerId)
        if (attempt === 1) continue
        throw new AppError('games.currency_not_current', { params: { currency: input.currency } })
      }
      const settled = settle({
        serverSeed: seed.serverSeed,
        clientSeed: seed.clientSeed,
        nonce: seed.nextNonce,
      })
      const { payoutMinor, uncappedPayoutMinor } = capWin(settled.payoutMinor, input.maxWinMinor)
      const bet: BetRowValues & { seedId: string; nonce: number } = {
        id: uuidv7(),
        playerId: input.playerId,
        game,
        round: `${seed.id}:${String(seed.nextNonce)}`,
        currency: input.currency,
        stakeMinor: input.stakeMinor,
        payoutMinor,
        uncappedPayoutMinor,
        multiplierBp: Number((payoutMinor * 10_000n) / input.stakeMinor),
        clientRequestId: input.clientRequestId,
        bonusId: null,
        bonusStakeMinor: 0n,
        seedId: seed.id,
        nonce: seed.nextNonce,
        outcome: settled.outcome,
      }
      // Read before any transaction (cached a minute): no second connection while it holds locks.
      const contribution = seed.bonus ? await gameContribution(db, { engine: game }) : 0
      const wageringMinor = seed.bonus ? wageringOf(input.stakeMinor, contribution) : 0n
      // A bonus in another currency than the bet's (the player switched wallets) takes no part.
      const bonus = seed.bonus?.currency === input.currency ? seed.bonus : null
      let posted: Awaited<ReturnType<typeof postBet>>
      let wagering: WageringOutcome | null = null
      // With a bonus a stake may use cash and bonus money together: a refusal names both.
      const spendable: { minor: bigint | null } = { minor: null }
      const slotCycle =
        input.isSlotSpin && seed.slotMinCycleMs > 0
          ? { game, minCycleMs: seed.slotMinCycleMs }
          : undefined
      // A player with limits or protection, or a slot spin with a minimum cycle: checked under lock.
      const hasChecks = seed.hasPlayChecks || slotCycle !== undefined
      // What the check found of the player's next bets (a reality check answered since: none).
      let checksRemain = seed.hasPlayChecks
      try {
        if (hasChecks || (seed.bonus && !bonus)) {
          posted = await inLedgerTransaction(db, async (tx) => {
            wagering = null
            // Lock order: the bonus row first, then the limits and the protection row, then (in
            // the statement) the accounts.
            const locked = bonus
              ? await lockBonusForBet(tx, input.playerId, input.currency)
              : undefined
            if (locked) {
              assertWithinMaxBet(locked.row, input.stakeMinor)
              spendable.minor = locked.cashMinor + locked.bonusBalanceMinor
            }
            if (hasChecks) {
              await lockPlayChecks(tx, input.playerId)
              checksRemain = await assertBetAllowed(db, tx, {
                ...input,
                ...(slotCycle && { slotCycle }),
              })
            }
            const split = splitLockedStake(locked, input.stakeMinor)
            bet.bonusId = split.bonusId
            bet.bonusStakeMinor = split.bonusMinor
            const result = await postBet(tx, bet, true, {
              checked: true,
              wageringMinor: locked ? wageringMinor : 0n,
              cashAssumed: null,
            })
            if (result.status === 'posted' && locked) {
              const wagered = result.report.bonus_wagered
              const row =
                wagered === null ? locked.row : { ...locked.row, wageredMinor: BigInt(wagered) }
              const bonusBalance = result.balances.find(
                (balance) => balance.kind === 'bonus' && balance.currency === input.currency,
              )?.balanceMinor
              wagering = await completeIfWagered(tx, row, bonusBalance ?? locked.bonusBalanceMinor)
            }
            return result
          })
        } else if (bonus) {
          // The bonus path in one statement, like a plain bet: the split is taken on the cash
          // this instance last saw; the statement locks the bonus and checks that the cash and
          // the bonus are still as seen, else writes nothing and the bet reads them again.
          assertWithinMaxBet(bonus, input.stakeMinor)
          const split = splitStake(input.stakeMinor, seed.cashMinor)
          bet.bonusId = bonus.id
          bet.bonusStakeMinor = split.bonusMinor
          posted = await retryingConflicts(() =>
            postBet(db, bet, false, {
              checked: false,
              wageringMinor,
              cashAssumed: split.bonusMinor > 0n ? split.cashMinor : null,
            }),
          )
          if (posted.status === 'posted') {
            const wagered = posted.report.bonus_wagered
            const row = wagered === null ? bonus : { ...bonus, wageredMinor: BigInt(wagered) }
            seed.bonus = row
            const bonusBalance =
              posted.balances.find(
                (balance) => balance.kind === 'bonus' && balance.currency === input.currency,
              )?.balanceMinor ?? 0n
            wagering = posted.report.bonus_done
              ? await inLedgerTransaction(db, async (tx) => {
                  // The wagering is done: release the bonus money under the bonus's lock.
                  const locked = await lockBonusForBet(tx, input.playerId, input.currency)
                  return locked ? completeIfWagered(tx, locked.row, locked.bonusBalanceMinor) : null
                })
              : {
                  playerId: input.playerId,
                  bonus: row,
                  bonusBalanceMinor: bonusBalance,
                  releasedMinor: 0n,
                  balances: null,
                  releasedByThisBet: false,
                }
            if (wagering?.bonus.status !== 'active') seed.bonus = null
          } else if (posted.status === 'exceeds_balance') {
            // The split may have been taken on cash that has gone since (a bet on another
            // instance): when cash and bonus money still cover the stake, read and split again.
            const of = (kind: 'cash' | 'bonus') =>
              accountBalance(db, { playerId: input.playerId, kind, currency: input.currency })
            spendable.minor = (await of('cash')) + (await of('bonus'))
            if (spendable.minor >= input.stakeMinor && attempt < BET_ATTEMPTS) {
              forgetSeedState(db, input.playerId)
              continue
            }
          }
        } else {
          posted = await retryingConflicts(() => postBet(db, bet, false))
        }
      } catch (error) {
        // Whether the nonce was taken is unknown: count from the database's figure next time.
        forgetSeedState(db, input.playerId)
        throw error
      }
      if (posted.status === 'posted') {
        seed.nextNonce++
        // Nothing left to check: the next bet goes back to the one statement, which still refuses
        // to write should a limit or a break arrive meanwhile.
        seed.hasPlayChecks = checksRemain
        const [stake] = posted.transfers
        const outcome = wagering
        const balances = balancesAfter(outcome, posted.balances)
        seed.cashMinor =
          balances.find((balance) => balance.kind === 'cash' && balance.currency === input.currency)
            ?.balanceMinor ?? seed.cashMinor
        return {
          isNew: true as const,
          bet: { ...bet, createdAt: stake?.createdAt ?? new Date() },
          seed: {
            serverSeedHash: seed.serverSeedHash,
            clientSeed: seed.clientSeed,
            serverSeed: null,
          },
          wallet: walletEntryOf(balances, input.currency),
          wagering: outcome,
        }
      }
      if (posted.status === 'exceeds_balance')
        throw insufficientFunds(spendable.minor ?? posted.availableMinor, input.currency)
      if (posted.status === 'exists') throw new Error(`bet ${bet.id} was posted twice`)
      if (posted.report.is_repeat) {
        const first = await findBet(db, input.playerId, input.clientRequestId)
        if (!first) throw new AppError('games.bet_in_progress')
        return { isNew: false as const, bet: first }
      }
      // The count went stale (another instance's bet, a Mines round, a rotation, new limits).
      forgetSeedState(db, input.playerId)
      if (attempt >= BET_ATTEMPTS) throw new AppError('games.bet_in_progress')
    }
  })
}

export async function findBet(db: Db, playerId: string, clientRequestId: string) {
  const [row] = await db
    .select()
    .from(bets)
    .where(and(eq(bets.playerId, playerId), eq(bets.clientRequestId, clientRequestId)))
  return row
}
