// Tuning and calibration of the slot titles (run by hand, once per change of a title's maths;
// CPU-heavy, so nice it):
//   npx tsx providers/demo-studio/titles/slots/calibrate.ts tune [code…]       pay scale, buy price
//   npx tsx providers/demo-studio/titles/slots/calibrate.ts calibrate [code…]  stated figures
//   npx tsx providers/demo-studio/titles/slots/calibrate.ts check [code…]      the sim:rtp check
// `tune` plays 300,000 rounds at pay scale 1 and 2 with seededRng('tune:' + code): a round's
// plain pays are linear in the scale and nothing else depends on it, so RTP(s) = A·s + B and the
// scale for the target is (target − B) ÷ A. `calibrate` plays 20,000,000 rounds with
// seededRng('calibrate:' + code) through the engine's own round (the view switched off) and
// writes the stated figures; buy titles also play 2,000,000 bought features.
import { writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { seededRng } from '../../games/rng.ts'
import { simulateTitle } from '../../games/simulate.ts'
import { slotEngine } from '../../games/slot-engine.ts'
import { buildSlotTitle, SLOT_SPECS, volatilityOf } from '../slots.ts'
import { SLOT_FIGURES, type SlotFigures } from './figures.ts'
import { slotConfig } from './kit.ts'
import type { SlotSpec } from './templates.ts'

const TUNE_ROUNDS = 300_000
const CALIBRATE_ROUNDS = 20_000_000
const BUY_ROUNDS = 2_000_000

interface Stats {
  rtp: number
  hit: number
  sd: number
  max: number
  rounds: number
}

function measure(
  spec: SlotSpec,
  payScale: number,
  rounds: number,
  seed: string,
  bought = false,
  buyPriceX = 1,
): Stats {
  const engine = slotEngine(
    slotConfig({
      ...spec,
      payScale,
      stated: { rtpBp: 0, hitBp: 0, volatility: 'low', maxWinX: spec.maxWinX },
    }),
  )
  const rng = seededRng(seed)
  let paid = 0
  let hits = 0
  let squares = 0
  let max = 0
  const cost = bought ? buyPriceX : 1
  for (let i = 0; i < rounds; i++) {
    const o = engine.outcome(rng, bought)
    const x = o.units / o.den
    paid += x
    if (x > 0) hits++
    squares += (x - cost) * (x - cost)
    if (x > max) max = x
  }
  const mean = paid / rounds - cost
  return {
    rtp: paid / rounds / cost,
    hit: hits / rounds,
    sd: Math.sqrt(squares / rounds - mean * mean),
    max,
    rounds,
  }
}

const figures: Record<string, SlotFigures> = { ...SLOT_FIGURES }

function save() {
  const codes = SLOT_SPECS.map((s) => s.code).filter((code) => figures[code])
  const body = codes
    .map(
      (code) =>
        `  '${code}': ${JSON.stringify(figures[code])
          .replace(/"(\w+)":/g, '$1: ')
          .replace(/,/g, ', ')},`,
    )
    .join('\n')
  const path = fileURLToPath(new URL('./figures.ts', import.meta.url))
  const head = `// Written by \`npx tsx providers/demo-studio/titles/slots/calibrate.ts\` (tune, then calibrate):
// payScale from the tuning run; rtpBp, hitBp and sd from the calibration run (≥ 20,000,000
// rounds with seededRng('calibrate:' + code)); buyPriceX and buyRtpBp (the bought feature's RTP)
// from 2,000,000 bought features with seededRng('calibrate-buy:' + code); simRounds for
// sim:rtp, set so its standard error is about 0.15 pp.

export interface SlotFigures {
  payScale: number
  buyPriceX?: number
  rtpBp: number
  hitBp: number
  /** Standard deviation of one round, in base stakes. */
  sd: number
  /** Rounds of the calibration (0: tuned, not yet calibrated). */
  rounds: number
  buyRtpBp?: number
  simRounds?: number
}

export const SLOT_FIGURES: Record<string, SlotFigures> = {
${body}
}
`
  writeFileSync(path, head)
}

const [mode = 'check', ...only] = process.argv.slice(2)
const specs = SLOT_SPECS.filter((s) => only.length === 0 || only.includes(s.code))
const pct = (x: number) => (x * 100).toFixed(3)

for (const spec of specs) {
  const started = performance.now()
  if (mode === 'tune') {
    const one = measure(spec, 1, TUNE_ROUNDS, `tune:${spec.code}`)
    const two = measure(spec, 2, TUNE_ROUNDS, `tune:${spec.code}`)
    const a = two.rtp - one.rtp
    const b = one.rtp - a
    const payScale = Math.round(((spec.targetRtpBp / 10_000 - b) / a) * 10_000) / 10_000
    const at = measure(spec, payScale, TUNE_ROUNDS, `tune:${spec.code}`)
    const previous = figures[spec.code]
    const next: SlotFigures = {
      payScale,
      rtpBp: Math.round(at.rtp * 10_000),
      hitBp: Math.round(at.hit * 10_000),
      sd: Math.round(at.sd * 1000) / 1000,
      rounds: 0,
      ...(previous?.simRounds ? { simRounds: previous.simRounds } : {}),
    }
    let buyNote = ''
    if (spec.buyPriceX !== undefined) {
      const feature = measure(spec, payScale, 100_000, `tune-buy:${spec.code}`, true, 1)
      buyNote = ` buy feature ${feature.rtp.toFixed(2)}×`
    }
    figures[spec.code] = next
    save()
    console.log(
      `${spec.code.padEnd(24)} scale ${payScale.toFixed(4)} (A ${a.toFixed(3)} B ${b.toFixed(3)}) rtp ${pct(at.rtp)} hit ${pct(at.hit)} sd ${at.sd.toFixed(3)} max ${at.max.toFixed(0)}${buyNote}  ${((performance.now() - started) / 1000).toFixed(1)} s`,
    )
  } else if (mode === 'calibrate') {
    const current = figures[spec.code]
    if (!current) throw new Error(`tune ${spec.code} first`)
    const s = measure(spec, current.payScale, CALIBRATE_ROUNDS, `calibrate:${spec.code}`)
    const next: SlotFigures = {
      ...current,
      rtpBp: Math.round(s.rtp * 10_000),
      hitBp: Math.round(s.hit * 10_000),
      sd: Math.round(s.sd * 1000) / 1000,
      rounds: CALIBRATE_ROUNDS,
    }
    // sim:rtp's rounds: enough that its standard error is about 0.15 pp (1e6 at the least).
    const simRounds = Math.max(1, Math.ceil((s.sd / 0.0015) ** 2 / 1_000_000)) * 1_000_000
    if (simRounds > 1_000_000) next.simRounds = simRounds
    else delete next.simRounds
    let buyNote = ''
    if (spec.buyPriceX !== undefined) {
      // The bought feature's mean sets its price (two decimals) so the buy returns the base RTP.
      const b = measure(spec, current.payScale, BUY_ROUNDS, `calibrate-buy:${spec.code}`, true, 1)
      const buyPriceX = Math.round((b.rtp / s.rtp) * 100) / 100
      next.buyPriceX = buyPriceX
      next.buyRtpBp = Math.round((b.rtp / buyPriceX) * 10_000)
      buyNote = ` buy feature ${b.rtp.toFixed(3)}× (sd ${b.sd.toFixed(2)}) price ${buyPriceX}× rtp ${pct(b.rtp / buyPriceX)}`
    }
    figures[spec.code] = next
    save()
    console.log(
      `${spec.code.padEnd(24)} rtp ${pct(s.rtp)} hit ${pct(s.hit)} sd ${s.sd.toFixed(3)} ${volatilityOf(s.sd)} max ${s.max.toFixed(1)}${buyNote}  ${((performance.now() - started) / 1000).toFixed(1)} s`,
    )
  } else {
    const title = buildSlotTitle(spec, figures[spec.code])
    const rounds = title.simRounds ?? 1_000_000
    const m = simulateTitle(title, rounds, seededRng(`sim:${spec.code}`))
    const us = ((performance.now() - started) * 1000) / rounds
    const gap = Math.abs(m.rtp - title.stated.rtpBp / 10_000) * 100
    console.log(
      `${spec.code.padEnd(24)} stated ${(title.stated.rtpBp / 100).toFixed(2)} measured ${pct(m.rtp)} gap ${gap.toFixed(3)} ${gap <= 0.3 ? 'ok' : 'OUTSIDE'} hit ${pct(m.hit)} sd ${m.sd.toFixed(3)} max ${m.maxWinX.toFixed(1)} ${us.toFixed(2)} µs/round`,
    )
  }
}
