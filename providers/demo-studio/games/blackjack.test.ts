import { describe, expect, it } from 'vitest'
import { parseCards, shoeScript } from './cards.ts'
import { blackjackMath, chartMove, type BlackjackMove } from './blackjack.ts'
import { scriptedRng } from './rng.ts'

// Hand-computed rounds: the shoe's order is chosen (player, dealer up, player, dealer hole, then
// the draws in order) and the rng is scripted to deal exactly it.

const s17 = blackjackMath({ decks: 6, hitsSoft17: false })
const h17 = blackjackMath({ decks: 8, hitsSoft17: true })

function play(
  math: typeof s17,
  decks: number,
  cards: string,
  moves: BlackjackMove[],
  stake = 100n,
) {
  const rng = scriptedRng(shoeScript(decks, parseCards(cards)))
  let round = math.start({}, stake, rng)
  for (const move of moves) {
    expect(round.done, `before ${move}`).toBe(false)
    expect(math.actionStake(round.state, move)).toBeTypeOf('bigint')
    round = math.act(round.state, move, rng)
  }
  return round
}

describe('blackjack', () => {
  it('pays a natural 3:2 at once', () => {
    const round = play(s17, 6, 'As 9c Kh 7d', [])
    expect(round.done).toBe(true)
    expect(round.staked).toBe(100n)
    expect(round.payout).toBe(250n)
    expect(round.view.hands[0]?.result).toBe('blackjack')
  })

  it('offers insurance on an ace, pays it 2:1 on a dealer blackjack and ends the round', () => {
    const start = play(s17, 6, 'Th Ac 9d Ks', [])
    expect(start.done).toBe(false)
    expect(start.view.moves).toEqual(['insurance', 'no-insurance'])
    expect(start.view.dealer).toEqual(['Ac', null])
    expect(s17.actionStake(start.state, 'insurance')).toBe(50n)
    expect(s17.actionStake(start.state, 'hit')).toBe('cards.notNow')
    const round = play(s17, 6, 'Th Ac 9d Ks', ['insurance'])
    expect(round.done).toBe(true)
    expect(round.staked).toBe(150n)
    // The hand loses 100; insurance returns its 50 and 100 more.
    expect(round.payout).toBe(150n)
    expect(round.view.dealerBlackjack).toBe(true)
    // Declined: the hand is lost and nothing comes back.
    const declined = play(s17, 6, 'Th Ac 9d Ks', ['no-insurance'])
    expect(declined.payout).toBe(0n)
    expect(declined.staked).toBe(100n)
  })

  it('refuses insurance when half the stake is nothing', () => {
    const start = play(s17, 6, 'Th Ac 9d 5s', [], 1n)
    expect(start.view.moves).toEqual(['no-insurance'])
    expect(s17.actionStake(start.state, 'insurance')).toBe('cards.cannotInsure')
  })

  it('ends the round at once on a dealer blackjack under a ten (the peek)', () => {
    const round = play(s17, 6, '9h Tc 9d As', [])
    expect(round.done).toBe(true)
    expect(round.payout).toBe(0n)
  })

  it('splits a pair, doubles after the split and settles both hands', () => {
    // 8 8 against a 6 (hole T): split → 8+3 and 8+T; double the first (9 → 20), stand the
    // second (18); the dealer's 16 draws a 7 and busts.
    const round = play(s17, 6, '8s 6d 8h Tc 3c Td 9s 7h', ['split', 'double', 'stand'])
    expect(round.done).toBe(true)
    expect(round.staked).toBe(300n)
    expect(round.view.hands.map((hand) => hand.total)).toEqual([20, 18])
    expect(round.view.hands.map((hand) => hand.result)).toEqual(['win', 'win'])
    expect(round.payout).toBe(600n)
  })

  it('gives split aces one card each, and ace-ten after a split is 21, not blackjack', () => {
    const round = play(s17, 6, 'As 5d Ah 9c Kc 5h Td', ['split'])
    expect(round.done).toBe(true)
    expect(round.view.hands.map((hand) => hand.total)).toEqual([21, 16])
    expect(round.view.dealer).toEqual(['5d', '9c', 'Td'])
    expect(round.payout).toBe(400n)
  })

  it('does not split twice, and a double takes one card only', () => {
    const split = play(s17, 6, '8s 6d 8h Tc 8c 2d', ['split'])
    expect(split.view.moves).not.toContain('split')
    expect(s17.actionStake(split.state, 'split')).toBe('cards.cannotSplit')
    const hit = play(s17, 6, '5s 6d 4h Tc 2c', ['hit'])
    expect(s17.actionStake(hit.state, 'double')).toBe('cards.cannotDouble')
  })

  it('a dealer soft 17: stands with S17 (a push), hits with H17', () => {
    const stands = play(s17, 6, 'Ts 6d 7h Ac 4c', ['stand'])
    expect(stands.view.dealer).toEqual(['6d', 'Ac'])
    expect(stands.payout).toBe(100n)
    const hits = play(h17, 8, 'Ts 6d 7h Ac 4c', ['stand'])
    expect(hits.view.dealer).toEqual(['6d', 'Ac', '4c'])
    expect(hits.view.hands[0]?.result).toBe('lose')
    expect(hits.payout).toBe(0n)
  })

  it('a bust loses at once and the dealer draws nothing', () => {
    const round = play(s17, 6, 'Ts Td 6h 7c 8c', ['hit'])
    expect(round.done).toBe(true)
    expect(round.view.hands[0]?.result).toBe('bust')
    expect(round.view.dealer).toEqual(['Td', '7c'])
    expect(round.payout).toBe(0n)
  })

  it('hides the hole card while the hand is open', () => {
    const round = play(s17, 6, 'Ts 6d 5h Tc', [])
    expect(round.done).toBe(false)
    expect(round.view.dealer).toEqual(['6d', null])
    expect(s17.resume(round.state)).toEqual(round.view)
    expect(JSON.stringify(round.view)).not.toContain('Tc')
  })
})

describe('the basic strategy chart', () => {
  const cell = (cards: string, up: number, hitsSoft17 = false) =>
    chartMove(parseCards(cards), up, hitsSoft17, true)
  it.each([
    ['Ts 6h', 10, false, 'H'],
    ['Ts 6h', 6, false, 'S'],
    ['Ts 2h', 3, false, 'H'],
    ['Ts 2h', 4, false, 'S'],
    ['6s 5h', 1, false, 'H'],
    ['6s 5h', 1, true, 'D'],
    ['5s 4h', 2, false, 'H'],
    ['5s 4h', 3, false, 'D'],
    ['As 7h', 9, false, 'H'],
    ['As 7h', 2, false, 'S'],
    ['As 7h', 2, true, 'Ds'],
    ['As 7h', 5, false, 'Ds'],
    ['As 8h', 6, true, 'Ds'],
    ['As 2h', 4, false, 'H'],
    ['As 2h', 5, false, 'D'],
    ['8s 8h', 1, false, 'P'],
    ['Ts Kh', 6, false, 'S'],
    ['9s 9h', 7, false, 'S'],
    ['9s 9h', 8, false, 'P'],
    ['4s 4h', 5, false, 'P'],
    ['5s 5h', 9, false, 'D'],
    ['As Ah', 10, false, 'P'],
  ] as const)('%s against %i (H17 %s): %s', (cards, up, hitsSoft17, move) => {
    expect(cell(cards, up, hitsSoft17)).toBe(move)
  })
})
