import { afterEach, describe, expect, it, vi } from 'vitest'
import { applyWheelProgressUpdate, useWheelStore } from './wheel-store.ts'

afterEach(() => useWheelStore.getState().reset())

describe('fortuneWheelProgressUpdate', () => {
  it('moves the wheel’s bar and spins by its id', () => {
    applyWheelProgressUpdate({
      wheelId: 3,
      progress: { progress: 12.5, expected: 20 },
      player_can_spin: false,
      spins_available: 0,
    })
    applyWheelProgressUpdate({
      wheelId: 3,
      progress: { progress: 0, expected: 20 },
      player_can_spin: true,
      spins_available: 1,
    })
    expect(useWheelStore.getState().wheels[3]).toEqual({
      progress: { progress: 0, expected: 20 },
      player_can_spin: true,
      spins_available: 1,
    })
  })

  it('logs and ignores a malformed update', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    applyWheelProgressUpdate({ wheelId: 'x', progress: { progress: 1, expected: 2 } })
    applyWheelProgressUpdate(null)
    applyWheelProgressUpdate({ wheelId: 1, progress: { progress: 1 }, player_can_spin: true })
    expect(useWheelStore.getState().wheels).toEqual({})
    expect(warn).toHaveBeenCalledTimes(3)
    warn.mockRestore()
  })
})
