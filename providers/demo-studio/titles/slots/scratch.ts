import { seededRng } from '../../games/rng.ts'
import { slotEngine } from '../../games/slot-engine.ts'
import { slotConfig } from './kit.ts'
import { sixReelSymbols, wild } from './templates.ts'

function run(name: string, symbols: ReturnType<typeof sixReelSymbols>, ladder?: number[], rows = 7, minRows = 2, reels = 6) {
  const base = { code: 'x', brand: 'demo-studio' as const, title: 'x', layout: (minRows < rows ? 'megaways' : 'ways') as 'megaways' | 'ways', reels, rows, minRows, betDivisor: 20, symbols, maxWinX: 2500, theme: { background: '', accent: '' }, stated: { rtpBp: 0, hitBp: 0, volatility: 'low' as const, maxWinX: 2500 }, ...(ladder ? { cascade: { multipliers: ladder } } : {}) }
  const m = (scale: number) => {
    const e = slotEngine(slotConfig({ ...base, payScale: scale }))
    const rng = seededRng('t')
    let p = 0, q = 0, h = 0
    const n = 200000
    for (let i = 0; i < n; i++) { const o = e.outcome(rng, false); const x = o.units / o.den; p += x; q += x * x; if (x > 0) h++ }
    return { rtp: p / n, sd: Math.sqrt(q / n - (p / n) ** 2), hit: h / n }
  }
  const a = m(1)
  const s = 0.96 / a.rtp
  const b = m(s)
  console.log(name, 'scale', s.toFixed(3), 'rtp', b.rtp.toFixed(4), 'sd', b.sd.toFixed(3), 'hit', b.hit.toFixed(3))
}
const hi = ['a', 'b', 'c', 'd']
const lo = ['e', 'f', 'g', 'h', 'i', 'j']
const eq = (w: number) => (s: ReturnType<typeof sixReelSymbols>) => s.map((x) => ({ ...x, weight: w }))
console.log('--- flat')
const flat = (hiP: number[], loP: number[], w = 8) => [...hi.map((art) => ({ art, pays: { 3: hiP[0] ?? 0, 4: hiP[1] ?? 0, 5: hiP[2] ?? 0, 6: hiP[3] ?? 0 }, weight: w })), ...lo.map((art) => ({ art, pays: { 3: loP[0] ?? 0, 4: loP[1] ?? 0, 5: loP[2] ?? 0, 6: loP[3] ?? 0 }, weight: w }))]
const F = flat([1, 1.2, 1.4, 1.6], [0.6, 0.7, 0.8, 1])
run('mega c1', F, [1])
run('mega c112', F, [1, 1, 2])
run('mega 12sym c123', [...F, ...flat([], [0.6, 0.7, 0.8, 1]).slice(4, 6).map((x, i) => ({ ...x, art: 'z' + String(i) }))], [1, 2, 3])
run('6x5 c123', F, [1, 2, 3], 5, 5)
run('5x5 c123', F, [1, 2, 3], 5, 5, 5)
run('5x4 c1235', F.slice(0, 8), [1, 2, 3, 5], 4, 4, 5)
run('5x3 8sym c1235', F.slice(0, 8), [1, 2, 3, 5], 3, 3, 5)
run('5x3 7sym c1235', F.slice(0, 7), [1, 2, 3, 5], 3, 3, 5)
