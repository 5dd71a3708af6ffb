import { describe, expect, it } from 'vitest'
import { batchExtension, bindExtension, resolveAccount } from './ledger.ts'

const playerId = (index: number) =>
  `0193a1b2-c3d4-7e5f-8a9b-${index.toString(16).padStart(12, '0')}`
const houseRowOf = (shardKey: string) =>
  resolveAccount({ system: 'game_settlement', currency: 'EUR', shardKey }).id

describe('house accounts', () => {
  it('spread players over many rows, so bets of different players rarely wait on one', () => {
    const rows = new Set(Array.from({ length: 1_000 }, (_, index) => houseRowOf(playerId(index))))
    // 1,000 players over 256 rows leave about 251 rows in use; 16 rows would make each a hot row.
    expect(rows.size).toBeGreaterThan(240)
  })

  it('keep a player on one row, in each currency’s own set of rows', () => {
    expect(houseRowOf(playerId(7))).toBe(houseRowOf(playerId(7)))
    const usd = resolveAccount({
      system: 'game_settlement',
      currency: 'USD',
      shardKey: playerId(7),
    })
    expect(usd.id).not.toBe(houseRowOf(playerId(7)))
    expect(usd.shard).toBe(
      resolveAccount({ system: 'game_settlement', currency: 'EUR', shardKey: playerId(7) }).shard,
    )
  })
})

describe('a batch extension', () => {
  const extension = batchExtension({
    name: 'example',
    params: { rowId: 'uuid', amount: 'bigint', detail: 'jsonb', cap: 'bigint | null' },
    sql: (p) => ({ ctes: `, row as (select ${p.rowId}, ${p.cap})`, gate: 'true', report: '' }),
  })

  it('numbers its named parameters in declared order and passes them as the driver takes them', () => {
    const { params, placeholders } = bindExtension(extension, {
      rowId: 'row-1',
      amount: 12n,
      detail: { a: 1 },
      cap: null,
    })
    expect(placeholders).toEqual({
      rowId: '$1::uuid',
      amount: '$2::bigint',
      detail: '$3::jsonb',
      cap: '$4::bigint',
    })
    expect(params).toEqual(['row-1', '12', '{"a":1}', null])
    expect(extension.sql(placeholders).ctes).toBe(', row as (select $1::uuid, $4::bigint)')
  })
})
