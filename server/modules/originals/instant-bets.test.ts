import { describe, expect, it } from 'vitest'
import { bindExtension } from '#server/modules/ledger/index.ts'
import { INSTANT_BET, instantBetValues } from './instant-bets.ts'

const bet = {
  id: '0193a1b2-0000-7000-8000-00000000000b',
  playerId: '0193a1b2-0000-7000-8000-00000000000a',
  game: 'dice',
  round: 'seed-1:7',
  currency: 'EUR',
  stakeMinor: 100n,
  payoutMinor: 198n,
  uncappedPayoutMinor: null,
  multiplierBp: 19_800,
  clientRequestId: 'request-1',
  bonusId: null,
  bonusStakeMinor: 0n,
  seedId: '0193a1b2-0000-7000-8000-00000000000c',
  nonce: 7,
  outcome: { roll: 42 },
}

const bonus = { id: '0193a1b2-0000-7000-8000-00000000000d' }

describe('the instant bet’s part of the ledger statement', () => {
  it('declares its parameters by name, type and order (the prepared text depends on them)', () => {
    expect(Object.entries(INSTANT_BET.params)).toEqual([
      ['seedId', 'uuid'],
      ['playerId', 'uuid'],
      ['nonce', 'int'],
      ['currency', 'text'],
      ['playChecked', 'boolean'],
      ['clientRequestId', 'text'],
      ['betId', 'uuid'],
      ['game', 'text'],
      ['round', 'text'],
      ['stakeMinor', 'bigint'],
      ['payoutMinor', 'bigint'],
      ['multiplierBp', 'bigint'],
      ['outcome', 'jsonb'],
      ['uncappedPayoutMinor', 'bigint | null'],
      ['bonusChecked', 'boolean'],
      ['bonusId', 'uuid | null'],
      ['bonusStakeMinor', 'bigint'],
      ['wageringMinor', 'bigint'],
      ['cashAssumed', 'bigint | null'],
    ])
  })

  it('binds each of the bet’s values where its name stands in the SQL', () => {
    const { params, placeholders } = bindExtension(
      INSTANT_BET,
      instantBetValues({ ...bet, bonusId: bonus.id, bonusStakeMinor: 60n }, true, {
        checked: false,
        wageringMinor: 10n,
        cashAssumed: 40n,
      }),
    )
    const { ctes, gate, report } = INSTANT_BET.sql(placeholders)
    // Each `$n::type` read back as the value the driver receives for it.
    const read = (text: string) =>
      text.replace(/\$(\d+)::(\w+)/g, (_, index: string, type: string) => {
        const value = params[Number(index) - 1] as string | number | boolean | null
        return `${String(value)}::${type}`
      })
    expect(read(ctes).replace(/\s+/g, ' ')).toBe(
      [
        `, repeat as ( select exists (select 1 from bets where player_id = ${bet.playerId}::uuid`,
        `and client_request_id = request-1::text) as yes ), bonus as ( select id from`,
        `player_bonuses where not false::boolean and id = ${bonus.id}::uuid and player_id =`,
        `${bet.playerId}::uuid and status = 'active' and expires_at > now() for update ), cash as`,
        `( select coalesce( (select l.balance_minor from locked l join ledger_accounts a on a.id`,
        `= l.id where a.player_id = ${bet.playerId}::uuid and a.kind = 'cash'), (select`,
        `balance_minor from ledger_accounts where player_id = ${bet.playerId}::uuid and currency`,
        `= EUR::text and kind = 'cash'), 0) as balance ), seed as ( update fairness_seeds set`,
        `next_nonce = next_nonce + 1 where id = ${bet.seedId}::uuid and player_id =`,
        `${bet.playerId}::uuid and next_nonce = 7::int and revealed_at is null and (select ok`,
        `from ready) and not (select yes from repeat) and exists (select 1 from players where id`,
        `= ${bet.playerId}::uuid and currency = EUR::text) and (true::boolean or (not exists`,
        `(select 1 from play_limits where player_id = ${bet.playerId}::uuid) and not exists`,
        `(select 1 from player_protection where player_id = ${bet.playerId}::uuid and`,
        `(break_kind = 'self_exclusion' or (break_kind = 'time_out' and break_until > now()) or`,
        `closed_at is not null or register_match or play_time_limit_minutes is not null or`,
        `play_time_pending_from is not null or reality_check_due_at <= now())))) and`,
        `(false::boolean`,
        `or case when ${bonus.id}::uuid is null then not exists (select 1 from player_bonuses`,
        `where player_id = ${bet.playerId}::uuid and status = 'active' and expires_at > now())`,
        `else exists (select 1 from bonus) and (40::bigint is null or (select balance from cash)`,
        `= 40::bigint) end) returning id ), bet as ( insert into bets (id, player_id, game,`,
        `round, currency, stake_minor, payout_minor, multiplier_bp, client_request_id, seed_id,`,
        `nonce, outcome, uncapped_payout_minor, bonus_id, bonus_stake_minor) select`,
        `${bet.id}::uuid, ${bet.playerId}::uuid, dice::text, seed-1:7::text, EUR::text,`,
        `100::bigint, 198::bigint, 19800::bigint, request-1::text, ${bet.seedId}::uuid, 7::int,`,
        `{"roll":42}::jsonb, null::bigint, ${bonus.id}::uuid, 60::bigint from seed on conflict do`,
        `nothing returning id ), wagering as ( update player_bonuses set wagered_minor =`,
        `wagered_minor + 10::bigint where ${bonus.id}::uuid is not null and id =`,
        `${bonus.id}::uuid and exists (select 1 from bet) returning wagered_minor, wagered_minor`,
        `>= wagering_required_minor as is_done )`,
      ].join(' '),
    )
    expect(gate).toBe('exists (select 1 from bet)')
    expect(report.replace(/\s+/g, ' ')).toBe(
      ', (select yes from repeat) as is_repeat, (select wagered_minor::text from wagering) as bonus_wagered, coalesce((select is_done from wagering), false) as bonus_done',
    )
  })
})
