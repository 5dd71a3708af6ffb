import type { Messages } from './messages.ts'

/**
 * Looks up a dotted key in a catalogue and fills `{{name}}` placeholders. For code outside React
 * (meta functions, server error answers, the seed); components use i18next's `t`.
 */
export function translate(
  messages: Messages,
  key: string,
  values: Record<string, string | number> = {},
): string | undefined {
  let node: Messages | string | undefined = messages
  for (const part of key.split('.')) {
    node = typeof node === 'object' ? node[part] : undefined
  }
  if (typeof node !== 'string') return undefined
  return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''))
}
