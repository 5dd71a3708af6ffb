import { describe, expect, it } from 'vitest'
import type { PlayerBonus } from '#server/modules/bonuses/bonuses.contract.ts'
import {
  activeBonusIn,
  bonusOfPayload,
  sortActiveList,
  withBonusUpdate,
  type BonusLists,
} from './bonuses-list.ts'

const bonus = (overrides: Partial<PlayerBonus> = {}): PlayerBonus => ({
  id: '00000000-0000-4000-8000-000000000001',
  code: 'first',
  status: 'active',
  currency: 'EUR',
  promotion_id: null,
  amount: '2000',
  balance: '2000',
  wagering_required: '20000',
  wagered: '0',
  wagering_left: '20000',
  wagering_percent: 0,
  max_bet: '500',
  deposit_min: null,
  deposit_max: null,
  match_percent: 100,
  created_at: '2026-11-26T10:00:00.000Z',
  activated_at: '2026-11-26T10:00:00.000Z',
  expires_at: '2026-12-03T10:00:00.000Z',
  ended_at: null,
  settled: null,
  ...overrides,
})
const offer = bonus({
  id: '00000000-0000-4000-8000-000000000002',
  code: 'weekend',
  status: 'offered',
  amount: '0',
  balance: '0',
  created_at: '2026-11-26T11:00:00.000Z',
})
const lists = (activeBonuses: PlayerBonus[], oldBonuses: PlayerBonus[] = []): BonusLists => ({
  activeBonuses,
  oldBonuses,
})

describe('withBonusUpdate', () => {
  it('replaces the bonus in place so the wagering bar moves', () => {
    const next = withBonusUpdate(
      lists([bonus(), offer]),
      bonus({ wagered: '5000', wagering_left: '15000', wagering_percent: 25, balance: '1800' }),
    )
    expect(next.activeBonuses).toHaveLength(2)
    expect(next.activeBonuses[0]).toMatchObject({ wagered: '5000', wagering_percent: 25 })
    expect(next.activeBonuses[1]).toBe(offer)
    expect(next.oldBonuses).toEqual([])
  })

  it('moves an ended bonus to the old list, newest first', () => {
    const older = bonus({
      id: '00000000-0000-4000-8000-000000000003',
      status: 'expired',
      ended_at: '2026-11-01T00:00:00.000Z',
    })
    const completed = bonus({
      status: 'completed',
      balance: '0',
      settled: '2400',
      ended_at: '2026-11-26T12:00:00.000Z',
    })
    const next = withBonusUpdate(lists([bonus(), offer], [older]), completed)
    expect(next.activeBonuses).toEqual([offer])
    expect(next.oldBonuses).toEqual([completed, older])
  })

  it('adds a bonus neither list knows (granted in another tab), active first', () => {
    const next = withBonusUpdate(lists([offer]), bonus())
    expect(next.activeBonuses.map((entry) => entry.id)).toEqual([bonus().id, offer.id])
  })

  it('ignores an update older than what is shown', () => {
    const shown = lists([bonus({ wagered: '6000' })])
    expect(withBonusUpdate(shown, bonus({ wagered: '5000' }))).toBe(shown)
    const ended = lists([], [bonus({ status: 'cancelled', ended_at: '2026-11-26T12:00:00.000Z' })])
    expect(withBonusUpdate(ended, bonus({ wagered: '9000' }))).toBe(ended)
    const active = lists([bonus()])
    expect(withBonusUpdate(active, bonus({ status: 'offered' }))).toBe(active)
  })

  it('lets an offer become active', () => {
    const next = withBonusUpdate(lists([offer]), { ...offer, status: 'active', amount: '1000' })
    expect(next.activeBonuses).toEqual([{ ...offer, status: 'active', amount: '1000' }])
  })
})

describe('sortActiveList', () => {
  it('puts the active bonus before newer offers', () => {
    expect(sortActiveList([offer, bonus()]).map((entry) => entry.status)).toEqual([
      'active',
      'offered',
    ])
  })
})

describe('activeBonusIn', () => {
  it('finds the active bonus of the currency only', () => {
    expect(activeBonusIn(lists([offer, bonus()]), 'EUR')?.id).toBe(bonus().id)
    expect(activeBonusIn(lists([offer, bonus()]), 'USD')).toBeUndefined()
    expect(activeBonusIn(lists([offer]), 'EUR')).toBeUndefined()
  })
})

describe('bonusOfPayload', () => {
  it('reads the relayed event and a bare bonus, and nothing else', () => {
    expect(bonusOfPayload({ bonus: bonus() })).toEqual(bonus())
    expect(bonusOfPayload(bonus())).toEqual(bonus())
    expect(bonusOfPayload({ bonus: null })).toBeNull()
    expect(bonusOfPayload('x')).toBeNull()
    expect(bonusOfPayload({ id: 'x' })).toBeNull()
  })
})
