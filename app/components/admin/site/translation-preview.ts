/**
 * What a text looks like on the site before it is saved: its `{{placeholders}}` filled with
 * believable values (the site fills them with the player's own), the same way the site does.
 */
const SAMPLE_VALUES: Record<string, string> = {
  amount: '25.00',
  currency: 'EUR',
  count: '3',
  date: '27 November 2026',
  max: '500.00',
  min: '10.00',
  name: 'Alex',
  remaining: '120.00',
  limit: '1000.00',
  wait: '2 hours',
  level: '4',
  n: '2',
  total: '1250.00',
  stake: '2.00',
  title: 'Golden Nights',
  number: '7',
  coins: '150',
  prize: '50 free spins',
  reason: 'The document is blurred',
  duration: '24 hours',
  locale: 'fr',
  email: 'alex@example.com',
  time: '18:30',
  days: '7',
  seconds: '30',
  percent: '25',
  points: '320',
}

/** The `{{name}}` placeholders of a text, each once, sorted (the server checks the same). */
export function placeholdersOf(text: string): string[] {
  return [
    ...new Set([...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1] ?? '')),
  ].sort()
}

/** True when `value` keeps exactly the placeholders of `shipped`, as the server requires. */
export const keepsPlaceholders = (shipped: string, value: string) =>
  placeholdersOf(shipped).join() === placeholdersOf(value).join()

/** The text with each placeholder filled: a sample value, else its name in angle quotes. */
export function previewOf(text: string): string {
  return text.replace(
    /\{\{\s*(\w+)\s*\}\}/g,
    (_, name: string) => SAMPLE_VALUES[name] ?? `‹${name}›`,
  )
}
