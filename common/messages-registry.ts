import type { Messages } from './messages.ts'

/**
 * Translation catalogues by version (a hash of their content). The browser gets each catalogue
 * once, as a long-cached script (`/i18n/{locale}.{version}.js`) that files it under
 * `window.__AURUM_MESSAGES__`, instead of inside every page's data; the server files the
 * catalogue here when its root loader runs, before the page renders.
 */
const GLOBAL_NAME = '__AURUM_MESSAGES__'
const registry = new Map<string, Messages>()

declare global {
  interface Window {
    [GLOBAL_NAME]?: Record<string, Messages>
  }
}

export function registerMessages(version: string, messages: Messages): void {
  registry.set(version, messages)
}

export function lookupMessages(version: string): Messages | undefined {
  return (
    registry.get(version) ??
    (typeof window === 'undefined' ? undefined : window[GLOBAL_NAME]?.[version])
  )
}

/** Marks the page's catalogue script, so the client can wait for it before hydrating. */
export const CATALOGUE_SCRIPT_ATTRIBUTE = 'data-messages-version'

/**
 * Resolves once the page's catalogue script has run (or failed). React Router starts hydration
 * from an `async` module script, which does not wait for the `defer` catalogue: when the code is
 * already cached and the catalogue is not (the first page of another language), hydration would
 * render every text without its translation, React would report a mismatch (#418) and throw the
 * server's HTML away. A failed catalogue resolves too: the root then reloads the page.
 */
export function catalogueReady(): Promise<void> {
  const script = document.querySelector<HTMLScriptElement>(`script[${CATALOGUE_SCRIPT_ATTRIBUTE}]`)
  const version = script?.getAttribute(CATALOGUE_SCRIPT_ATTRIBUTE)
  if (!script || !version || lookupMessages(version) || document.readyState === 'complete') {
    return Promise.resolve()
  }
  return new Promise((resolve) => {
    const done = () => resolve()
    script.addEventListener('load', done, { once: true })
    script.addEventListener('error', done, { once: true })
    // Deferred scripts have all run by the window's load, whatever happened to this one.
    window.addEventListener('load', done, { once: true })
  })
}

export function catalogueScriptPath(locale: string, version: string): string {
  return `/i18n/${locale}.${version}.js`
}

/** The body of the catalogue script. */
export function catalogueScript(version: string, messages: Messages): string {
  // `<` escaped so the JSON can never close a surrounding script element.
  const json = JSON.stringify(messages).replaceAll('<', '\\u003c')
  return `(window.${GLOBAL_NAME}=window.${GLOBAL_NAME}||{})[${JSON.stringify(version)}]=${json};\n`
}
