import { describe, expect, it } from 'vitest'
import { CARDS_TITLES } from '../titles/cards.ts'
import {
  baccaratMath,
  baccaratPayout,
  bankerDraws,
  baccaratTotal,
  playCoup,
  type BaccaratConfig,
} from './baccarat.ts'
import { cardOf, parseCards, shoeScript, type Card } from './cards.ts'
import { scriptedRng } from './rng.ts'

const gold: BaccaratConfig = { decks: 8, noCommission: false }
const squeeze: BaccaratConfig = { decks: 8, noCommission: true }

describe('baccarat', () => {
  it.each([
    // banker's two-card total, the player's third card (null: the player stood), draws?
    [5, null, true],
    [6, null, false],
    [7, null, false],
    [0, 8, true],
    [2, 0, true],
    [3, 8, false],
    [3, 9, true],
    [4, 1, false],
    [4, 2, true],
    [4, 7, true],
    [4, 8, false],
    [5, 3, false],
    [5, 4, true],
    [5, 7, true],
    [5, 8, false],
    [6, 5, false],
    [6, 6, true],
    [6, 7, true],
    [6, 8, false],
    [7, 6, false],
  ] as const)('banker on %i with the player’s third card %s draws: %s', (banker, third, draws) => {
    expect(bankerDraws(banker, third)).toBe(draws)
  })

  const coup = (cards: string) => {
    const queue = parseCards(cards)
    return playCoup(() => {
      const card = queue.shift()
      if (card === undefined) throw new Error('no card left')
      return card
    })
  }

  it('stands on a natural, draws by the tableau otherwise', () => {
    // Player 9+K (natural 9), banker 3+2: nobody draws.
    expect(coup('9s 3h Kd 2c')).toMatchObject({
      player: parseCards('9s Kd'),
      banker: parseCards('3h 2c'),
    })
    // Player 2+3 = 5 draws a 4 (9); banker 3+T = 3 draws (third card not an 8): a 5 → 8.
    const drawn = coup('2s 3h 3d Tc 4s 5h')
    expect(baccaratTotal(drawn.player)).toBe(9)
    expect(baccaratTotal(drawn.banker)).toBe(8)
    // Player 6+T stands; banker 4+A = 5 draws without a player third card: a 2 → 7.
    const stood = coup('6s 4h Td Ac 2s')
    expect(stood.player).toHaveLength(2)
    expect(baccaratTotal(stood.banker)).toBe(7)
    // Player 2+2 draws an 8; banker 3+K = 3 stands on a player 8.
    const standsOnEight = coup('2s 3h 2d Kc 8s')
    expect(standsOnEight.banker).toHaveLength(2)
  })

  it('pays player 1:1, banker less 5 % commission, tie 8:1 and returns the sides on a tie', () => {
    expect(baccaratPayout(gold, 'player', 100n, 7, 5)).toBe(200n)
    expect(baccaratPayout(gold, 'banker', 100n, 5, 7)).toBe(195n)
    expect(baccaratPayout(gold, 'banker', 1n, 5, 7)).toBe(1n)
    expect(baccaratPayout(gold, 'tie', 100n, 6, 6)).toBe(900n)
    expect(baccaratPayout(gold, 'player', 100n, 6, 6)).toBe(100n)
    expect(baccaratPayout(gold, 'banker', 100n, 6, 6)).toBe(100n)
    expect(baccaratPayout(gold, 'tie', 100n, 6, 5)).toBe(0n)
    // No commission: a banker 6 pays 1:2, other banker wins 1:1.
    expect(baccaratPayout(squeeze, 'banker', 100n, 5, 6)).toBe(150n)
    expect(baccaratPayout(squeeze, 'banker', 100n, 5, 7)).toBe(200n)
  })

  it('plays a round from the shoe in one step', () => {
    const math = baccaratMath(gold)
    const rng = scriptedRng(shoeScript(8, parseCards('2s 3h 3d Tc 4s 5h')))
    const round = math.start({ bet: 'player' }, 100n, rng)
    expect(round.done).toBe(true)
    expect(round.view).toMatchObject({
      player: ['2s', '3d', '4s'],
      banker: ['3h', 'Tc', '5h'],
      winner: 'player',
    })
    expect(round.payout).toBe(200n)
  })

  // The exact figures: every coup from a full 8-deck shoe by card values (0 for tens and
  // pictures) with their counts, weighted by its probability.
  function odds(decks: number) {
    const counts = [16, 4, 4, 4, 4, 4, 4, 4, 4, 4].map((n) => n * decks)
    const total = decks * 52
    const representative = (value: number): Card =>
      cardOf(value === 0 ? 10 : value === 1 ? 14 : value, 0)
    const out = { player: 0, banker: 0, bankerSix: 0, tie: 0 }
    class More extends Error {}
    function explore(path: number[], weight: number) {
      let index = 0
      let result
      try {
        result = playCoup(() => {
          const value = path[index++]
          if (value === undefined) throw new More()
          return representative(value)
        })
      } catch (error) {
        if (!(error instanceof More)) throw error
        for (let value = 0; value < 10; value++) {
          const left = (counts[value] ?? 0) - path.filter((seen) => seen === value).length
          if (left > 0) explore([...path, value], (weight * left) / (total - path.length))
        }
        return
      }
      const p = baccaratTotal(result.player)
      const b = baccaratTotal(result.banker)
      if (p > b) out.player += weight
      else if (b > p) {
        out.banker += weight
        if (b === 6) out.bankerSix += weight
      } else out.tie += weight
    }
    explore([], 1)
    return out
  }

  it('states the exact RTP and hit rate of the banker bet (the stated strategy)', () => {
    const o = odds(8)
    expect(o.player + o.banker + o.tie).toBeCloseTo(1, 9)
    const bp = (x: number) => Math.round(x * 10_000)
    const title = (code: string) => CARDS_TITLES.find((entry) => entry.code === code)
    // Banker less 5 %: 1.95 on a win, 1 on a tie.
    expect(title('baccarat-gold')?.stated.rtpBp).toBe(bp(o.banker * 1.95 + o.tie))
    // No commission: 2 on a win, 1.5 on a win with 6, 1 on a tie.
    expect(title('baccarat-squeeze')?.stated.rtpBp).toBe(
      bp((o.banker - o.bankerSix) * 2 + o.bankerSix * 1.5 + o.tie),
    )
    expect(title('baccarat-gold')?.stated.hitBp).toBe(bp(o.banker + o.tie))
    expect(title('baccarat-squeeze')?.stated.hitBp).toBe(bp(o.banker + o.tie))
    // The other bets, for the rules panel's record: player 98.76 %, tie 8:1 85.64 %.
    expect(bp(o.player * 2 + o.tie)).toBe(9876)
    expect(bp(o.tie * 9)).toBe(8564)
  })
})
