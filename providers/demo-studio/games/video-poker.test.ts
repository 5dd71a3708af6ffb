import { describe, expect, it } from 'vitest'
import { evaluate, parseCards, shoeScript } from './cards.ts'
import { scriptedRng } from './rng.ts'
import {
  BONUS_POKER_8_5,
  JACKS_OR_BETTER_9_6,
  paytableRow,
  simpleStrategy,
  videoPokerHand,
  videoPokerMath,
} from './video-poker.ts'

describe('poker hand ranks', () => {
  it.each([
    ['Ts Js Qs Ks As', 'royal-flush'],
    ['9h Th Jh Qh Kh', 'straight-flush'],
    ['Ad 2d 3d 4d 5d', 'straight-flush'],
    ['As Ah Ad Ac 2s', 'four-aces'],
    ['3s 3h 3d 3c Ks', 'four-2-4'],
    ['9s 9h 9d 9c Ks', 'four-of-a-kind'],
    ['9s 9h 9d Kc Ks', 'full-house'],
    ['2s 7s 9s Js Ks', 'flush'],
    ['As 2h 3d 4c 5s', 'straight'],
    ['Ts Jh Qd Kc As', 'straight'],
    ['7s 7h 7d Kc 2s', 'three-of-a-kind'],
    ['7s 7h 2d 2c As', 'two-pair'],
    ['Js Jh 2d 5c 9s', 'jacks-or-better'],
    ['As Ah 2d 5c 9s', 'jacks-or-better'],
    ['Ts Th 2d 5c 9s', null],
    ['Ks Ah 2d 3c 4s', null],
    ['2s 5h 8d Jc Ks', null],
  ] as const)('%s: %s', (cards, hand) => {
    expect(videoPokerHand(parseCards(cards))).toBe(hand)
  })

  it('orders hands and breaks ties on the deciding ranks', () => {
    const score = (cards: string) => evaluate(parseCards(cards)).score
    expect(score('As 2h 3d 4c 5s')).toBeLessThan(score('2s 3h 4d 5c 6s'))
    expect(score('Ts Jh Qd Kc As')).toBeGreaterThan(score('9s Th Jd Qc Ks'))
    expect(score('9s 9h Ad 5c 2s')).toBeGreaterThan(score('9d 9c Kd Qc Js'))
    expect(score('Ks Kh 2d 2c 3s')).toBeLessThan(score('Ks Kd 3h 3c 2s'))
    expect(score('2s 2h 2d 3c 3s')).toBeGreaterThan(score('As Ks Qs Js 9s'))
    expect(evaluate(parseCards('As Ks Qs Js Ts 9s 8s')).category).toBe('royal-flush')
    expect(evaluate(parseCards('7s 7h 7d Kc Kh Ks 2d')).ranks).toEqual([13, 7])
  })

  it('maps the bonus rows to four of a kind where a paytable has none', () => {
    expect(paytableRow(JACKS_OR_BETTER_9_6, 'four-aces')).toBe('four-of-a-kind')
    expect(paytableRow(BONUS_POKER_8_5, 'four-aces')).toBe('four-aces')
    expect(paytableRow(BONUS_POKER_8_5, 'four-2-4')).toBe('four-2-4')
  })
})

describe('video poker rounds', () => {
  const jacks = videoPokerMath(JACKS_OR_BETTER_9_6)
  const bonus = videoPokerMath(BONUS_POKER_8_5)

  it('deals five, replaces the cards not held from the 47 left and pays the final hand', () => {
    const rng = scriptedRng(shoeScript(1, parseCards('Js Jh 2d 5c 9s Jd 3c 4h')))
    const dealt = jacks.start({}, 100n, rng)
    expect(dealt.done).toBe(false)
    expect(dealt.view.cards).toEqual(['Js', 'Jh', '2d', '5c', '9s'])
    expect(dealt.view.hand).toBe('jacks-or-better')
    expect(jacks.actionStake(dealt.state, { hold: [0, 1] })).toBe(0n)
    const drawn = jacks.act(dealt.state, { hold: [0, 1] }, rng)
    expect(drawn.done).toBe(true)
    expect(drawn.view.cards).toEqual(['Js', 'Jh', 'Jd', '3c', '4h'])
    expect(drawn.view.hand).toBe('three-of-a-kind')
    expect(drawn.payout).toBe(300n)
    expect(jacks.actionStake(drawn.state, { hold: [] })).toBe('cards.notNow')
  })

  it('pays the royal 800 and four aces 80 in Bonus Poker, 25 in Jacks or Better', () => {
    const royal = scriptedRng(shoeScript(1, parseCards('Ts Js Qs Ks 2h As')))
    const dealt = jacks.start({}, 10n, royal)
    expect(jacks.act(dealt.state, { hold: [0, 1, 2, 3] }, royal).payout).toBe(8000n)
    const aces = parseCards('As Ah Ad Ac 2s')
    const bonusRound = bonus.act(
      bonus.start({}, 10n, scriptedRng(shoeScript(1, aces))).state,
      { hold: [0, 1, 2, 3, 4] },
      scriptedRng([]),
    )
    expect(bonusRound.payout).toBe(800n)
    const jacksRound = jacks.act(
      jacks.start({}, 10n, scriptedRng(shoeScript(1, aces))).state,
      { hold: [0, 1, 2, 3, 4] },
      scriptedRng([]),
    )
    expect(jacksRound.payout).toBe(250n)
  })

  it('refuses a hold that names a card twice', () => {
    const dealt = jacks.start({}, 10n, scriptedRng(shoeScript(1, parseCards('2s 3h 4d 5c 7s'))))
    expect(jacks.actionStake(dealt.state, { hold: [1, 1] })).toBe('cards.notNow')
  })
})

describe('the simple hold strategy', () => {
  it.each([
    ['Ts Js Qs Ks As', [0, 1, 2, 3, 4]],
    ['Ts Js Qs Ks Ad', [0, 1, 2, 3]],
    ['7s 8s 9s Ts Ks', [0, 1, 2, 3, 4]],
    ['7s 8s 9s Ts 2d', [0, 1, 2, 3]],
    ['7s 7h 2d 2c As', [0, 1, 2, 3]],
    ['Js Jh 2d 5c 9s', [0, 1]],
    ['Js Qs Ks 2d 2c', [0, 1, 2]],
    ['2s 6s 9s Ks 3d', [0, 1, 2, 3]],
    ['4s 4h 9d Kc Ad', [0, 1]],
    ['5s 6h 7d 8c Kd', [0, 1, 2, 3]],
    ['Js Qs 3d 6c 9h', [0, 1]],
    ['5s 6s 7s Kd 2c', [0, 1, 2]],
    ['Js Qd Kh 3c 6s', [0, 1]],
    ['Ts Ks 2d 5c 7h', [0, 1]],
    ['Ks 2d 5c 7h 9s', [0]],
    ['2s 4d 6c 8h 9s', []],
  ] as const)('%s holds %j', (cards, held) => {
    expect(simpleStrategy(parseCards(cards))).toEqual(held)
  })
})
