// `npx tsx scripts/i18n-set.ts <strings.json> [namespace]`: merges translations into the shipped
// catalogues. The file maps a catalogue folder (`en`, `de`, `fr-CA`…) to dotted keys and their
// text: { "de": { "wallet.deposit_title": "Einzahlen" } }. Existing keys are overwritten, new ones
// appended where their parent object is; each catalogue is read and written in one step.
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

type Tree = { [key: string]: string | Tree }

const [file, namespace = 'common'] = process.argv.slice(2)
if (!file) {
  console.error('usage: tsx scripts/i18n-set.ts <strings.json> [namespace]')
  process.exit(2)
}
const strings = JSON.parse(readFileSync(file, 'utf8')) as Record<string, Record<string, string>>

for (const [catalog, entries] of Object.entries(strings)) {
  const path = join('locales', catalog, `${namespace}.json`)
  const tree = JSON.parse(readFileSync(path, 'utf8')) as Tree
  for (const [dotted, text] of Object.entries(entries)) {
    const parts = dotted.split('.')
    const leaf = parts.pop()
    if (!leaf) continue
    let node = tree
    for (const part of parts) {
      const next = node[part]
      if (typeof next === 'string')
        throw new Error(`${path}: ${dotted} crosses the string at ${part}`)
      node = next ?? (node[part] = {})
    }
    node[leaf] = text
  }
  writeFileSync(path, `${JSON.stringify(tree, null, 2)}\n`)
  console.log(`${path}: ${Object.keys(entries).length} strings`)
}
