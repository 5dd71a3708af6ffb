// `npm run sim:odds`: draws 1,000,000 times from the seeded prize wheel and from every seeded
// lootbox with the server's own draw function (`drawIndex`: the first uint32 of the HMAC stream,
// then `weightedIndex`) and random seeds, and checks each entry's observed share against its
// published probability; exit code 1 when any lands more than 0.3 percentage points away (issue
// 24: the published odds are the real odds). Each table runs in a child process, one per core.
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { availableParallelism } from 'node:os'
import { fileURLToPath } from 'node:url'
import { probabilitiesPercent, type Prize } from '#common/rewards-rules.ts'
import { lootboxTables, wheelTable, type BoxSlug } from '#db/seed/rewards-wheel.ts'
import { drawIndex } from '#server/modules/rewards/draw.ts'

const DRAWS = Number(process.env.SIM_DRAWS ?? 1_000_000)
const TOLERANCE_PP = 0.3
// The tables' prizes name a game and chests by id; the draw never looks at them.
const GAME = '00000000-0000-4000-8000-000000000000'
const BOX_IDS: Record<BoxSlug, number> = { bronze: 1, silver: 2, gold: 3 }

const TABLES: Record<string, readonly { prize: Prize; weight: number }[]> = {
  wheel: wheelTable(GAME, BOX_IDS.bronze),
  ...lootboxTables(GAME, (slug) => BOX_IDS[slug]),
}

const describePrize = (prize: Prize): string => {
  switch (prize.kind) {
    case 'coins':
      return `coins ${Number(prize.coinsMinor) / 100}`
    case 'cash':
    case 'bonus':
      return `${prize.kind} ${Number(prize.eurMinor) / 100} EUR`
    case 'free_spins':
      return `free spins ${prize.spins} x ${Number(prize.stakeEurMinor) / 100} EUR`
    case 'lootbox':
      return `lootbox ${prize.lootboxId}`
    case 'wheel_spin':
      return `wheel spins ${prize.spins}`
    case 'lottery_ticket':
      return `lottery tickets ${prize.tickets}`
  }
}

/** One table's draws (in a child process): prints its lines, exits 1 when any is off. */
function simulateOne(name: string) {
  const table = TABLES[name]
  if (!table) throw new Error(`no table ${name}`)
  const started = performance.now()
  const weights = table.map((entry) => entry.weight)
  const counts = new Array<number>(weights.length).fill(0)
  const serverSeed = randomBytes(32).toString('hex')
  const clientSeed = randomBytes(8).toString('hex')
  for (let nonce = 0; nonce < DRAWS; nonce++) {
    const index = drawIndex({ serverSeed, clientSeed, nonce }, weights)
    counts[index] = (counts[index] ?? 0) + 1
  }
  const stated = probabilitiesPercent(weights)
  const rows = table.map((entry, index) => {
    const observed = ((counts[index] ?? 0) * 100) / DRAWS
    const gapPp = Math.abs(observed - (stated[index] ?? 0))
    const isMet = gapPp <= TOLERANCE_PP
    return {
      isMet,
      line: `  ${describePrize(entry.prize).padEnd(28)} stated ${(stated[index] ?? 0).toFixed(3).padStart(7)} %  observed ${observed.toFixed(3).padStart(7)} %  gap ${gapPp.toFixed(3)} pp  ${isMet ? 'ok' : 'OUTSIDE 0.3 pp'}`,
    }
  })
  console.log(
    `${name}: ${DRAWS} draws in ${((performance.now() - started) / 1000).toFixed(1)} s\n${rows.map((row) => row.line).join('\n')}`,
  )
  process.exitCode = rows.every((row) => row.isMet) ? 0 : 1
}

const runChild = (name: string) =>
  new Promise<boolean>((resolve) => {
    const child = spawn(
      process.execPath,
      [...process.execArgv, fileURLToPath(import.meta.url), name],
      { stdio: 'inherit' },
    )
    child.once('exit', (code) => resolve(code === 0))
  })

const [onlyTable] = process.argv.slice(2)
if (onlyTable) {
  simulateOne(onlyTable)
} else {
  const queue = Object.keys(TABLES)
  const results = await Promise.all(
    Array.from({ length: Math.max(1, availableParallelism()) }, async () => {
      const passed: boolean[] = []
      for (let name = queue.shift(); name; name = queue.shift()) passed.push(await runChild(name))
      return passed
    }),
  )
  if (results.flat().some((passed) => !passed)) {
    console.error('sim:odds: a published probability is more than 0.3 pp from what the draws give')
    process.exitCode = 1
  }
}
