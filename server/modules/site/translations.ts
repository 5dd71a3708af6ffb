import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { CATALOG_NAMES, LOCALES } from '#common/locales.ts'
import { LOCALES_DIR } from '#server/lib/paths.ts'
import type { Messages } from '#common/messages.ts'

/**
 * `common`: the interface strings every page ships to the browser. `content`: the demo content
 * the seed writes into menus and CMS pages in each language (never sent as a catalogue).
 */
export const NAMESPACES = ['common', 'content'] as const
export type Namespace = (typeof NAMESPACES)[number]
const NAMESPACE: Namespace = 'common'

function deepMerge(base: Messages, override: Messages): Messages {
  const result: Messages = { ...base }
  for (const [key, value] of Object.entries(override)) {
    const current = result[key]
    result[key] =
      typeof value === 'object' && typeof current === 'object' ? deepMerge(current, value) : value
  }
  return result
}

/** Sets `a.b.c` in a nested catalogue (operator overrides are stored by dotted key). */
export function setPath(messages: Messages, dottedKey: string, value: string): Messages {
  const [head, ...rest] = dottedKey.split('.')
  if (head === undefined) return messages
  if (rest.length === 0) return { ...messages, [head]: value }
  const child = messages[head]
  return {
    ...messages,
    [head]: setPath(typeof child === 'object' ? child : {}, rest.join('.'), value),
  }
}

export function flatten(messages: Messages, prefix = ''): Map<string, string> {
  const out = new Map<string, string>()
  for (const [key, value] of Object.entries(messages)) {
    const path = prefix ? `${prefix}.${key}` : key
    if (typeof value === 'string') out.set(path, value)
    else for (const [k, v] of flatten(value, path)) out.set(k, v)
  }
  return out
}

export function readCatalog(name: string, namespace: Namespace = NAMESPACE): Messages {
  return JSON.parse(readFileSync(join(LOCALES_DIR, name, `${namespace}.json`), 'utf8')) as Messages
}

/** The shipped catalogue of each locale prefix: its base language merged with regional overrides. */
export function loadShippedMessages(namespace: Namespace = NAMESPACE): Map<string, Messages> {
  const catalogs = new Map(CATALOG_NAMES.map((name) => [name, readCatalog(name, namespace)]))
  return new Map(
    LOCALES.map((locale) => [
      locale.prefix,
      locale.catalogs.reduce<Messages>(
        (merged, name) => deepMerge(merged, catalogs.get(name) ?? {}),
        {},
      ),
    ]),
  )
}

/**
 * The operators' console's own strings (`locales/en/admin.json`), apart from the players'
 * catalogue so players never download them. English only: the console is English first
 * (docs/decisions/019-back-office.md).
 */
export function readConsoleMessages(): Messages {
  return JSON.parse(readFileSync(join(LOCALES_DIR, 'en', 'admin.json'), 'utf8')) as Messages
}
