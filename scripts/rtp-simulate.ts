// `npm run sim:rtp`: plays 1,000,000 rounds of each Aurum Original, live game and Demo Studio
// title with fixed seeds and checks the measured return against the RTP its rules state; exit
// code 1 when any lands more than 0.3 percentage points away (issues 6 and 28). Studio titles play
// with their stated strategy (blackjack's basic strategy, a video poker hold chart…), some more
// rounds where their sheet asks (`simRounds`). Too long for a unit test's time limit, so CI runs
// it apart. Work runs in child processes, one per core at a time: each Original or live game
// alone, the studio's titles in batches.
import { spawn } from 'node:child_process'
import { availableParallelism } from 'node:os'
import { fileURLToPath } from 'node:url'
import { LIVE_GAMES, type LiveGame } from '#common/live-rules.ts'
import { STATED_LIVE_RTP, simulateLiveRtp } from '#server/modules/live/live-rtp.ts'
import {
  STATED_RTP,
  simulateRtp,
  type OriginalGame,
} from '#server/modules/originals/engines/rtp.ts'
import { seededRng } from '../providers/demo-studio/games/rng.ts'
import { simulateTitle } from '../providers/demo-studio/games/simulate.ts'
import { STUDIO_TITLES, titleOf } from '../providers/demo-studio/sheet.ts'

const ROUNDS = Number(process.env.SIM_ROUNDS ?? 1_000_000)
const TOLERANCE_PP = 0.3
const ORIGINALS = Object.keys(STATED_RTP) as OriginalGame[]
/** How many batches the studio's titles are split into (a few per core keeps both cores busy). */
const STUDIO_BATCHES = 8

const isOriginal = (game: string): game is OriginalGame => game in STATED_RTP
const isLive = (game: string): game is LiveGame => (LIVE_GAMES as readonly string[]).includes(game)

function report(game: string, stated: number, measured: number, rounds: number, started: number, extra = '') {
  const gapPp = Math.abs(measured - stated) * 100
  const isMet = gapPp <= TOLERANCE_PP
  console.log(
    `${game.padEnd(22)} stated ${(stated * 100).toFixed(3)} %  measured ${(measured * 100).toFixed(3)} %  ` +
      `gap ${gapPp.toFixed(3)} pp  ${isMet ? 'ok' : 'OUTSIDE 0.3 pp'}  (${rounds} rounds, ${((performance.now() - started) / 1000).toFixed(1)} s${extra})`,
  )
  return isMet
}

/** One Original, one live game or one studio title: its line; false when outside tolerance. */
async function simulateOne(game: string): Promise<boolean> {
  const started = performance.now()
  if (isOriginal(game)) return report(game, STATED_RTP[game], simulateRtp(game, ROUNDS), ROUNDS, started)
  if (isLive(game)) {
    // The live games: one round per link of a fixed hash chain, through the engine's functions.
    return report(game, STATED_LIVE_RTP[game], await simulateLiveRtp(game, ROUNDS), ROUNDS, started)
  }
  const title = titleOf(game)
  if (!title) throw new Error(`no game ${game}`)
  const rounds = Math.max(ROUNDS, title.simRounds ?? 0)
  const measured = simulateTitle(title, rounds, seededRng(`sim:${title.code}`))
  return report(
    game,
    title.stated.rtpBp / 10_000,
    measured.rtp,
    rounds,
    started,
    `, hit ${(measured.hit * 100).toFixed(1)} %, sd ${measured.sd.toFixed(2)}`,
  )
}

const runChild = (games: string[]) =>
  new Promise<boolean>((resolve) => {
    const child = spawn(
      process.execPath,
      [...process.execArgv, fileURLToPath(import.meta.url), ...games],
      { stdio: 'inherit' },
    )
    child.once('exit', (code) => resolve(code === 0))
  })

const chosen = process.argv.slice(2)
if (chosen.length > 0) {
  let isMet = true
  for (const game of chosen) isMet = (await simulateOne(game)) && isMet
  process.exitCode = isMet ? 0 : 1
} else {
  const studio = STUDIO_TITLES.map((title) => title.code)
  const batches = Array.from({ length: STUDIO_BATCHES }, (_, batch) =>
    studio.filter((_code, index) => index % STUDIO_BATCHES === batch),
  ).filter((batch) => batch.length > 0)
  const queue: string[][] = [...ORIGINALS.map((game) => [game]), ...LIVE_GAMES.map((game) => [game]), ...batches]
  const results = await Promise.all(
    Array.from({ length: Math.max(1, availableParallelism()) }, async () => {
      const passed: boolean[] = []
      for (let games = queue.shift(); games; games = queue.shift()) passed.push(await runChild(games))
      return passed
    }),
  )
  process.exit(results.flat().every(Boolean) ? 0 : 1)
}
