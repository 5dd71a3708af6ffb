import { afterEach, vi } from 'vitest'

// A stray console.error means something failed quietly: make it fail the test instead.
const spy = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
  throw new Error(`console.error was called: ${args.map(String).join(' ')}`)
})

afterEach(() => {
  spy.mockClear()
})
