import { describe, expect, it } from 'vitest'
import { resolveAccount } from './ledger.ts'

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
