import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { PlayerBonus } from '#server/modules/bonuses/bonuses.contract.ts'
import type * as ApiModule from '#app/lib/api.ts'

const apiFetch = vi.fn()
const showToast = vi.fn()
// The calls and the toast are the edges this module talks to; the store is the real one.
vi.mock('#app/lib/api.ts', async (original) => ({
  ...(await original<typeof ApiModule>()),
  apiFetch: (...args: unknown[]): unknown => apiFetch(...args),
}))
vi.mock('#app/state/toast-store.ts', () => ({
  showToast: (input: unknown): unknown => showToast(input),
}))

const stored = new Map<string, string>()
vi.stubGlobal('sessionStorage', {
  getItem: (key: string) => stored.get(key) ?? null,
  setItem: (key: string, value: string) => stored.set(key, value),
  removeItem: (key: string) => stored.delete(key),
})

const { ApiError } = await import('#app/lib/api.ts')
const { useUserStore } = await import('#app/state/user-store.ts')
const { applyBonusUpdate, cancelBonus, loadBonuses, loadBonusTerms } =
  await import('./bonuses-actions.ts')

const bonus = (overrides: Partial<PlayerBonus>): PlayerBonus => ({
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
const active = bonus({})
const offer = bonus({
  id: '00000000-0000-4000-8000-000000000002',
  status: 'offered',
  code: 'weekend',
  created_at: '2026-11-26T12:00:00.000Z',
})
const list = (bonuses: PlayerBonus[]) => ({ data: { bonuses, total: bonuses.length } })

beforeEach(() => {
  apiFetch.mockReset()
  showToast.mockReset()
  useUserStore.getState().clearUser()
  useUserStore.setState({ isAuthenticated: true })
})

describe('loadBonuses', () => {
  it('asks both lists for page size 100, page 0, and keeps the active bonus first', async () => {
    apiFetch.mockImplementation((path: string) =>
      Promise.resolve(path.startsWith('/bonus/get-all') ? list([offer, active]) : list([])),
    )
    await loadBonuses('failed')
    expect(apiFetch.mock.calls.map(([path]) => path as string).sort()).toEqual([
      '/bonus/get-all?perPage=100&page=0',
      '/bonus/get-old?perPage=100&page=0',
    ])
    const state = useUserStore.getState()
    expect(state.bonuses.activeBonuses.map((entry) => entry.id)).toEqual([active.id, offer.id])
    expect(state.bonusesStatus).toBe('ready')
    expect(showToast).not.toHaveBeenCalled()
  })

  it('shows a failed call as a toast, in the server words when it gave some', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    apiFetch.mockRejectedValue(new ApiError(503, 'server.unavailable', 'Palvelu ei vastaa.'))
    await loadBonuses('failed')
    expect(showToast).toHaveBeenCalledWith({ tone: 'error', title: 'Palvelu ei vastaa.' })
    expect(useUserStore.getState().bonusesStatus).toBe('error')
    apiFetch.mockRejectedValue(new TypeError('network'))
    await loadBonuses('failed')
    expect(showToast).toHaveBeenLastCalledWith({ tone: 'error', title: 'failed' })
    warn.mockRestore()
  })

  it('asks nothing for a signed-out visitor', async () => {
    useUserStore.setState({ isAuthenticated: false })
    await loadBonuses('failed')
    expect(apiFetch).not.toHaveBeenCalled()
  })

  it('answers calls made at once with one load', async () => {
    apiFetch.mockResolvedValue(list([]))
    await Promise.all([loadBonuses('failed'), loadBonuses('failed'), loadBonuses('failed')])
    expect(apiFetch).toHaveBeenCalledTimes(2)
  })

  it('drops lists that arrive after the player signed out', async () => {
    let answer: (value: unknown) => void = () => {}
    apiFetch.mockReturnValue(new Promise((resolve) => (answer = resolve)))
    const loading = loadBonuses('failed')
    useUserStore.getState().clearUser()
    answer(list([active]))
    await loading
    expect(useUserStore.getState().bonuses.activeBonuses).toEqual([])
  })
})

describe('bonus changes', () => {
  it('moves the bonus on a socket update and on a call answer, and logout clears the lists', async () => {
    useUserStore.setState({ bonuses: { activeBonuses: [active, offer], oldBonuses: [] } })
    applyBonusUpdate({ bonus: { ...active, wagered: '5000', wagering_percent: 25 } })
    expect(useUserStore.getState().bonuses.activeBonuses[0]?.wagering_percent).toBe(25)

    const cancelled = { ...active, status: 'cancelled' as const, ended_at: '2026-11-26T13:00:00Z' }
    apiFetch.mockResolvedValue({ bonus: cancelled })
    await cancelBonus(active.id)
    expect(apiFetch).toHaveBeenCalledWith('/bonus/cancel', {
      method: 'POST',
      body: { id: active.id },
    })
    expect(useUserStore.getState().bonuses).toEqual({
      activeBonuses: [offer],
      oldBonuses: [cancelled],
    })

    // The lists are kept in session storage (spec), and go at logout.
    expect(stored.get('aurum:user')).toContain(offer.id)
    useUserStore.getState().clearUser()
    expect(useUserStore.getState().bonuses).toEqual({ activeBonuses: [], oldBonuses: [] })
    expect(stored.get('aurum:user')).not.toContain(offer.id)
    expect(useUserStore.getState().bonusesStatus).toBe('idle')
  })
})

describe('loadBonusTerms', () => {
  it('reads the live rules from the envelope', async () => {
    const terms = {
      currency: 'EUR',
      rules: [],
      contributions: [{ category: 'slots', percent: 100 }],
    }
    apiFetch.mockResolvedValue({ success: true, data: terms })
    await expect(loadBonusTerms('EUR')).resolves.toEqual(terms)
    expect(apiFetch).toHaveBeenCalledWith('/bonus/terms?currency=EUR')
  })
})
