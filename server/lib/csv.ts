import { Readable } from 'node:stream'

export type CsvValue = string | number | bigint | boolean | null | undefined

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote or line break. A text that a
 * spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab, carriage return first) gets a
 * leading apostrophe (OWASP "CSV injection"): a player's name or an audit detail is data, never
 * a command. Numbers, and texts that are only a number (an amount in minor units), are written
 * as they are, so a negative amount stays a number.
 */
export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return ''
  if (typeof value !== 'string') return String(value)
  const isNumber = /^-?\d+(\.\d+)?$/.test(value)
  const safe = !isNumber && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe
}

export const csvLine = (values: readonly CsvValue[]): string =>
  `${values.map(csvField).join(',')}\r\n`

/** A CSV document as a stream: the header line, then each batch of rows as it is read. */
export function csvStream(
  header: readonly string[],
  batches: AsyncIterable<readonly (readonly CsvValue[])[]>,
): Readable {
  async function* lines() {
    yield csvLine(header)
    for await (const rows of batches) {
      if (rows.length > 0) yield rows.map(csvLine).join('')
    }
  }
  return Readable.from(lines())
}

/** `Content-Disposition` for a download named `<name>.csv`. */
export const csvAttachment = (name: string) =>
  `attachment; filename="${name.replace(/[^\w.-]/g, '_')}.csv"`
