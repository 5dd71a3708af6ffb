import type { Messages } from '#server/modules/site/translations.ts'

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

export function catalogueScriptPath(locale: string, version: string): string {
  return `/i18n/${locale}.${version}.js`
}

/** The body of the catalogue script. */
export function catalogueScript(version: string, messages: Messages): string {
  // `<` escaped so the JSON can never close a surrounding script element.
  const json = JSON.stringify(messages).replaceAll('<', '\\u003c')
  return `(window.${GLOBAL_NAME}=window.${GLOBAL_NAME}||{})[${JSON.stringify(version)}]=${json};\n`
}
