import { useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react'

/** What the card provider's hosted fields answer to `tokenize`. */
export type TokenizeResult =
  | { kind: 'token'; token: string }
  /** The provider's page shows what is wrong beside each field. */
  | { kind: 'invalid' }
  | { kind: 'error'; message: string | null }

export interface ProviderFrameHandle {
  /** Asks the hosted fields for a one-time token of the card typed into them. */
  tokenize(): Promise<TokenizeResult>
}

/** How long the provider's page may take to answer before the attempt counts as failed. */
const TOKENIZE_TIMEOUT_MS = 20_000

interface ProviderMessage {
  source: 'sandbox-psp'
  type: 'ready' | 'resize' | 'submit' | 'token' | 'invalid' | 'error' | 'challenge_done'
  height?: number
  token?: string
  message?: string
}

const isProviderMessage = (data: unknown): data is ProviderMessage =>
  typeof data === 'object' &&
  data !== null &&
  (data as { source?: unknown }).source === 'sandbox-psp' &&
  typeof (data as { type?: unknown }).type === 'string'

/** The page's address with the player's language and the site's theme. */
export function providerPageUrl(url: string, locale: string): string {
  const theme = document.documentElement.dataset.theme === 'light' ? 'light' : 'dark'
  const query = new URLSearchParams({ lang: locale, theme })
  return `${url}${url.includes('?') ? '&' : '?'}${query.toString()}`
}

/**
 * A page of the card provider in a frame: its hosted card fields (the card number and security
 * code are typed there and go to the provider alone, PCI DSS SAQ A) or its 3-D Secure page.
 * Messages are taken only from that frame and this origin (the provider's pages are served on
 * their own prefix here); the frame grows with its content.
 */
export function ProviderFrame({
  url,
  locale,
  title,
  onSubmit,
  onChallengeDone,
  ref,
  testId,
}: {
  url: string
  locale: string
  title: string
  /** Enter pressed inside the hosted fields. */
  onSubmit?: () => void
  /** The 3-D Secure page was answered. */
  onChallengeDone?: () => void
  ref?: Ref<ProviderFrameHandle>
  testId?: string
}) {
  const frame = useRef<HTMLIFrameElement>(null)
  const [height, setHeight] = useState<number | null>(null)
  const [src, setSrc] = useState<string | null>(null)
  const waiting = useRef<((result: TokenizeResult) => void) | null>(null)
  const handlers = useRef({ onSubmit, onChallengeDone })
  handlers.current = { onSubmit, onChallengeDone }

  // The theme is read from the document, so the address is made in the browser.
  useEffect(() => setSrc(providerPageUrl(url, locale)), [url, locale])

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin) return
      if (!frame.current || event.source !== frame.current.contentWindow) return
      if (!isProviderMessage(event.data)) return
      const message = event.data
      const settle = (result: TokenizeResult) => {
        waiting.current?.(result)
        waiting.current = null
      }
      switch (message.type) {
        case 'resize':
          if (typeof message.height === 'number') {
            setHeight(Math.min(Math.max(Math.ceil(message.height), 120), 900))
          }
          break
        case 'submit':
          handlers.current.onSubmit?.()
          break
        case 'token':
          if (typeof message.token === 'string') settle({ kind: 'token', token: message.token })
          break
        case 'invalid':
          settle({ kind: 'invalid' })
          break
        case 'error':
          settle({ kind: 'error', message: message.message ?? null })
          break
        case 'challenge_done':
          handlers.current.onChallengeDone?.()
          break
        case 'ready':
          break
      }
    }
    window.addEventListener('message', onMessage)
    return () => window.removeEventListener('message', onMessage)
  }, [])

  useImperativeHandle(ref, () => ({
    tokenize: () =>
      new Promise<TokenizeResult>((resolve) => {
        const target = frame.current?.contentWindow
        if (!target) {
          resolve({ kind: 'error', message: null })
          return
        }
        const timer = window.setTimeout(() => {
          if (waiting.current) resolve({ kind: 'error', message: null })
          waiting.current = null
        }, TOKENIZE_TIMEOUT_MS)
        waiting.current = (result) => {
          window.clearTimeout(timer)
          resolve(result)
        }
        target.postMessage({ type: 'tokenize' }, window.location.origin)
      }),
  }))

  return (
    <div className="relative" data-testid={testId}>
      {height === null ? (
        <div
          aria-hidden="true"
          className="absolute inset-0 flex flex-col gap-4 motion-safe:animate-pulse"
        >
          <div className="h-[4.25rem] rounded-xl bg-surface" />
          <div className="grid grid-cols-2 gap-3">
            <div className="h-[4.25rem] rounded-xl bg-surface" />
            <div className="h-[4.25rem] rounded-xl bg-surface" />
          </div>
          <div className="h-[4.25rem] rounded-xl bg-surface" />
        </div>
      ) : null}
      {src ? (
        <iframe
          ref={frame}
          src={src}
          title={title}
          className={`block w-full border-0 bg-transparent transition-opacity ${height === null ? 'opacity-0' : 'opacity-100'}`}
          style={{ height: height ?? 320 }}
        />
      ) : (
        <div style={{ height: 320 }} />
      )}
    </div>
  )
}
