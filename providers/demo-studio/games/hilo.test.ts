import { describe, expect, it } from 'vitest'
import { CARDS_TITLES } from '../titles/cards.ts'
import { cardOf, parseCard } from './cards.ts'
import { hiloCounts, hiloMath, hiloMultiplier } from './hilo.ts'
import { scriptedRng } from './rng.ts'

const FACTOR = 9800

describe('hi-lo', () => {
  it('multiplies by the factor over the probability, rounded down to hundredths', () => {
    expect(hiloMultiplier(FACTOR, 13)).toBe(98)
    expect(hiloMultiplier(FACTOR, 7)).toBe(182)
    expect(hiloMultiplier(FACTOR, 8)).toBe(159)
    expect(hiloMultiplier(FACTOR, 1)).toBe(1274)
    expect(hiloCounts(parseCard('8s'))).toEqual({ higher: 7, lower: 7 })
    expect(hiloCounts(parseCard('As'))).toEqual({ higher: 1, lower: 13 })
    expect(hiloCounts(parseCard('2s'))).toEqual({ higher: 13, lower: 1 })
  })

  it('runs the win over right guesses, cashes out, loses on a wrong guess', () => {
    const math = hiloMath({ factorBp: FACTOR, maxWinX: 1000 })
    // 8♠ showing; higher: a 9 (×1.82); lower: a 3 (×1.59: 8 ranks are 9 or lower); cash out.
    const rng = scriptedRng([parseCard('8s'), parseCard('9h'), parseCard('3d')])
    let round = math.start({}, 1000n, rng)
    expect(round.view).toMatchObject({ card: '8s', higher: 182, lower: 182, running: '0' })
    expect(math.actionStake(round.state, 'cashout')).toBe('cards.guessFirst')
    round = math.act(round.state, 'higher', rng)
    expect(round.view).toMatchObject({
      card: '9h',
      history: ['8s'],
      running: '1820',
      higher: 212,
      lower: 159,
    })
    round = math.act(round.state, 'lower', rng)
    // 1000 × 1.82 × 1.59 = 2893.8 → 2893, rounded down once.
    expect(round.view.running).toBe('2893')
    round = math.act(round.state, 'cashout', scriptedRng([]))
    expect(round).toMatchObject({ done: true, payout: 2893n, staked: 1000n })
    const lost = math.act(
      math.start({}, 1000n, scriptedRng([parseCard('8s')])).state,
      'higher',
      scriptedRng([parseCard('7c')]),
    )
    expect(lost).toMatchObject({ done: true, payout: 0n })
    // The same rank wins either way.
    const same = math.act(
      math.start({}, 1000n, scriptedRng([parseCard('8s')])).state,
      'lower',
      scriptedRng([parseCard('8c')]),
    )
    expect(same.view.running).toBe('1820')
  })

  it('stops at the cap', () => {
    const math = hiloMath({ factorBp: FACTOR, maxWinX: 10 })
    const round = math.act(
      math.start({}, 100n, scriptedRng([parseCard('As')])).state,
      'higher',
      scriptedRng([parseCard('Ac')]),
    )
    expect(round).toMatchObject({ done: true, payout: 1000n })
    expect(round.view.capped).toBe(true)
  })

  it('states the exact RTP and hit rate of its strategy (the likelier guess, then cash out)', () => {
    const title = CARDS_TITLES.find((entry) => entry.code === 'nord-hi-lo')
    let rtp = 0
    let hit = 0
    for (let rank = 2; rank <= 14; rank++) {
      const counts = hiloCounts(cardOf(rank, 0))
      const count = Math.max(counts.higher, counts.lower)
      rtp += (count / 13 / 13) * (hiloMultiplier(FACTOR, count) / 100)
      hit += count / 13 / 13
    }
    expect(title?.stated.rtpBp).toBe(Math.round(rtp * 10_000))
    expect(title?.stated.hitBp).toBe(Math.round(hit * 10_000))
    expect(title?.stated.maxWinX).toBe(1000)
  })
})
