import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { COPIED_FLAG_MS, createCopiedFlag } from '#app/lib/format/clipboard.ts'

describe('createCopiedFlag', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })

  afterEach(() => {
    vi.useRealTimers()
  })

  it('lasts 1500 ms by default', () => {
    expect(COPIED_FLAG_MS).toBe(1500)
  })

  it('reports true when raised and false once the duration has passed', () => {
    const onChange = vi.fn<(isCopied: boolean) => void>()
    const flag = createCopiedFlag(onChange)
    expect(onChange).not.toHaveBeenCalled()

    flag.raise()
    expect(onChange.mock.calls).toEqual([[true]])

    vi.advanceTimersByTime(1499)
    expect(onChange.mock.calls).toEqual([[true]])

    vi.advanceTimersByTime(1)
    expect(onChange.mock.calls).toEqual([[true], [false]])
  })

  it('restarts the countdown on a second raise without reporting true twice', () => {
    const onChange = vi.fn<(isCopied: boolean) => void>()
    const flag = createCopiedFlag(onChange)

    flag.raise()
    vi.advanceTimersByTime(1000)
    flag.raise()
    vi.advanceTimersByTime(1499)
    expect(onChange.mock.calls).toEqual([[true]])

    vi.advanceTimersByTime(1)
    expect(onChange.mock.calls).toEqual([[true], [false]])
    expect(vi.getTimerCount()).toBe(0)
  })

  it('can be raised again after it went down', () => {
    const onChange = vi.fn<(isCopied: boolean) => void>()
    const flag = createCopiedFlag(onChange)

    flag.raise()
    vi.advanceTimersByTime(COPIED_FLAG_MS)
    flag.raise()
    vi.advanceTimersByTime(COPIED_FLAG_MS)
    expect(onChange.mock.calls).toEqual([[true], [false], [true], [false]])
  })

  it('honours a custom duration', () => {
    const onChange = vi.fn<(isCopied: boolean) => void>()
    createCopiedFlag(onChange, 200).raise()

    vi.advanceTimersByTime(199)
    expect(onChange).toHaveBeenLastCalledWith(true)
    vi.advanceTimersByTime(1)
    expect(onChange).toHaveBeenLastCalledWith(false)
  })

  it('clears its timer on dispose and ignores later raises', () => {
    const onChange = vi.fn<(isCopied: boolean) => void>()
    const flag = createCopiedFlag(onChange)

    flag.raise()
    flag.dispose()
    expect(vi.getTimerCount()).toBe(0)

    flag.raise()
    vi.advanceTimersByTime(COPIED_FLAG_MS * 2)
    expect(onChange.mock.calls).toEqual([[true]])
    expect(vi.getTimerCount()).toBe(0)
  })
})
