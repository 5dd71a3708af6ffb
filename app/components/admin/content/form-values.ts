import { formatDecimal, parseDecimal } from '#common/money.ts'
import type { FieldSpec, Row } from './resources.ts'

/**
 * How the editor turns an item (the call's wire shape) into what its inputs show and back. Inputs
 * hold text (drafts) for everything a person types: a number, an amount, a date, a list, JSON;
 * switches and per-locale texts are edited in the body itself. Amounts never pass through a
 * float: "12.50" EUR becomes "1250" by string arithmetic (`parseDecimal`).
 */

export const getPath = (row: Row, path: string): unknown =>
  path.split('.').reduce<unknown>((value, key) => (value as Row | undefined)?.[key], row)

export function setPath(row: Row, path: string, value: unknown): Row {
  const [head = '', ...rest] = path.split('.')
  if (rest.length === 0) return { ...row, [head]: value }
  const inner = (row[head] ?? {}) as Row
  return { ...row, [head]: setPath(inner, rest.join('.'), value) }
}

/** A wire value as text: strings as they are, numbers and switches written out, the rest as JSON. */
export function textOf(value: unknown): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') {
    return String(value)
  }
  return JSON.stringify(value)
}

/** Drafts are kept for the kinds typed as text. */
export const hasDraft = (field: FieldSpec) => field.kind !== 'boolean' && field.kind !== 'texts'

/** `2026-11-27T10:00:00.000Z` → `2026-11-27T10:00` (a `datetime-local` value, read as UTC). */
const toDateInput = (value: unknown) =>
  typeof value === 'string' && value ? new Date(value).toISOString().slice(0, 16) : ''

export function draftOf(field: FieldSpec, value: unknown): string {
  if (value === null || value === undefined) return ''
  switch (field.kind) {
    case 'money':
      return formatDecimal(BigInt(textOf(value)), 'EUR')
    case 'datetime':
      return toDateInput(value)
    case 'list':
      return Array.isArray(value) ? value.join(', ') : ''
    case 'json':
      return JSON.stringify(value, null, 2)
    case 'number':
    case 'reference':
    case 'text':
    case 'image':
    case 'select':
    case 'boolean':
    case 'texts':
      return textOf(value)
  }
}

/** What a draft cannot be, as a key under `admin.content.errors`. */
export type DraftProblem = 'required' | 'number' | 'amount' | 'date' | 'json'

export type Parsed =
  { ok: true; value: unknown } | { ok: false; problem: DraftProblem; detail?: string }

export function parseDraft(field: FieldSpec, draft: string): Parsed {
  const text = draft.trim()
  if (text === '' && field.kind !== 'json') {
    if (field.isNullable) return { ok: true, value: null }
    if (field.kind === 'text' || field.kind === 'image') return { ok: true, value: '' }
    if (field.kind === 'list') return { ok: true, value: [] }
    return { ok: false, problem: 'required' }
  }
  switch (field.kind) {
    case 'number':
    case 'reference': {
      const pattern =
        field.kind === 'number' && field.allowsDecimals ? /^-?\d+(\.\d+)?$/ : /^-?\d+$/
      if (!pattern.test(text)) return { ok: false, problem: 'number' }
      return { ok: true, value: Number(text) }
    }
    case 'money': {
      const parsed = parseDecimal(text, 'EUR')
      return parsed.ok
        ? { ok: true, value: parsed.minor.toString() }
        : { ok: false, problem: 'amount' }
    }
    case 'datetime': {
      const millis = Date.parse(`${text}:00.000Z`)
      if (Number.isNaN(millis)) return { ok: false, problem: 'date' }
      return { ok: true, value: new Date(millis).toISOString() }
    }
    case 'list':
      return {
        ok: true,
        value: text
          .split(',')
          .map((entry) => entry.trim())
          .filter(Boolean),
      }
    case 'json':
      try {
        return { ok: true, value: JSON.parse(text) as unknown }
      } catch (error) {
        return { ok: false, problem: 'json', detail: error instanceof Error ? error.message : '' }
      }
    case 'text':
    case 'image':
    case 'select':
    case 'boolean':
    case 'texts':
      return { ok: true, value: text }
  }
}

/**
 * Per-locale texts as sent: a locale left wholly empty is left out (a promotion is then not shown
 * in it; where all 16 are required the server names the first one missing), and a list of
 * paragraphs drops its empty ones.
 */
export function textsForWire(texts: unknown): Row {
  const entries = Object.entries((texts ?? {}) as Record<string, Row>).flatMap(
    ([locale, words]) => {
      const cleaned = Object.fromEntries(
        Object.entries(words).map(([name, value]) => [
          name,
          Array.isArray(value)
            ? value.map((paragraph) => textOf(paragraph).trim()).filter(Boolean)
            : value,
        ]),
      )
      const isEmpty = Object.values(cleaned).every((value) =>
        Array.isArray(value) ? value.length === 0 : textOf(value).trim() === '',
      )
      return isEmpty ? [] : [[locale, cleaned] as const]
    },
  )
  return Object.fromEntries(entries)
}

/**
 * The server's per-field messages (`body.texts.de.title`) under the form's field that holds
 * them: the message, led by the rest of the path when the error is deeper than the field.
 */
export function errorsByField(
  fields: readonly FieldSpec[],
  serverFields: Record<string, string>,
): Record<string, string> {
  const found: Record<string, string[]> = {}
  for (const [key, message] of Object.entries(serverFields)) {
    const path = key.replace(/^body\.?/, '')
    const field = fields.find((spec) => path === spec.name || path.startsWith(`${spec.name}.`))
    const name = field?.name ?? ''
    const rest = field ? path.slice(field.name.length + 1) : path
    ;(found[name] ??= []).push(rest ? `${rest}: ${message}` : message)
  }
  return Object.fromEntries(
    Object.entries(found).map(([name, messages]) => [name, messages.join(' ')]),
  )
}
