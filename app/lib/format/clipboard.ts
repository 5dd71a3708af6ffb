/**
 * Copy-to-clipboard with the spec's short "Copied" confirmation. The timing lives in
 * createCopiedFlag, free of React, so it can be tested with fake timers; useClipboard wraps it.
 */
import { useCallback, useEffect, useRef, useState } from 'react'

/** How long the "Copied" confirmation stays up after a copy (spec). */
export const COPIED_FLAG_MS = 1500

export interface CopiedFlag {
  /** Raises the flag, or restarts its countdown if it is already up. */
  raise: () => void
  /** Cancels the countdown without reporting; later raises do nothing. */
  dispose: () => void
}

/** A flag that reports `true` when raised and `false` once `durationMs` pass without a raise. */
export function createCopiedFlag(
  onChange: (isCopied: boolean) => void,
  durationMs = COPIED_FLAG_MS,
): CopiedFlag {
  let timer: ReturnType<typeof setTimeout> | undefined
  let isRaised = false
  let isDisposed = false

  const clear = () => {
    if (timer !== undefined) clearTimeout(timer)
    timer = undefined
  }

  return {
    raise: () => {
      if (isDisposed) return
      clear()
      if (!isRaised) {
        isRaised = true
        onChange(true)
      }
      timer = setTimeout(() => {
        timer = undefined
        isRaised = false
        onChange(false)
      }, durationMs)
    },
    dispose: () => {
      isDisposed = true
      clear()
    },
  }
}

export interface Clipboard {
  /** Resolves false when the browser refuses (no permission, insecure page, no clipboard API). */
  copy: (text: string) => Promise<boolean>
  /** True for COPIED_FLAG_MS after the latest successful copy. */
  isCopied: boolean
}

export function useClipboard(): Clipboard {
  const [isCopied, setIsCopied] = useState(false)
  const flag = useRef<CopiedFlag | null>(null)

  useEffect(() => {
    const current = createCopiedFlag(setIsCopied)
    flag.current = current
    return () => {
      current.dispose()
      flag.current = null
    }
  }, [])

  const copy = useCallback(async (text: string) => {
    try {
      // Throws rather than rejects when `navigator.clipboard` is missing (plain http): same outcome.
      await navigator.clipboard.writeText(text)
    } catch {
      return false
    }
    // Null after unmount: a copy that resolves late has nothing left to show the flag on.
    flag.current?.raise()
    return true
  }, [])

  return { copy, isCopied }
}
