import { describe, expect, it } from 'vitest'
import { parseCards, shoeScript } from './cards.ts'
import { dealerQualifies, holdemCalls, holdemMath, holdemPayout } from './holdem.ts'
import { scriptedRng } from './rng.ts'

describe("Casino Hold'em", () => {
  it('the dealer qualifies with a pair of fours or better', () => {
    expect(dealerQualifies(parseCards('4s 4h 9d Jc Ks 2d 7c'))).toBe(true)
    expect(dealerQualifies(parseCards('3s 3h 9d Jc Ks 2d 7c'))).toBe(false)
    expect(dealerQualifies(parseCards('As Kh 9d Jc 5s 2d 7c'))).toBe(false)
    expect(dealerQualifies(parseCards('As Kh 9d Jc 5s 2d 3c'))).toBe(false)
    expect(dealerQualifies(parseCards('As 2h 3d 4c 5s 9d Jc'))).toBe(true)
  })

  const ante = 100n
  it.each([
    // player's seven, dealer's seven, payout, result
    ['As Ks 2s 7s 9d Qs 3c', '4h 4d 2s 7s 9d Qs 3c', 700n, 'win'], // flush: ante 2:1, call 1:1
    ['7h 7d 2s 7s 9d Qs 3c', '4h 4d 2s 7s 9d Qs 3c', 600n, 'win'], // three of a kind: 1:1 and 1:1
    ['Ah Kd Qs Js Td 4c 5c', '4h 4d Qs Js Td 4c 5c', 600n, 'win'], // straight beats trips: 1:1
    ['9h 9d 9s 4s 4d Qs 3c', 'Kh Kd 9s 4s 4d Qs 3c', 800n, 'win'], // full house: ante 3:1
    ['Ts Js Qs Ks As 2d 3c', 'Ah Ad Qs Ks As 2d 3c', 10500n, 'win'], // royal: ante 100:1
    ['Ah Kd 2s 7s 9d Qs 3c', 'Jh 6d 2s 7s 9d Qs 3c', 400n, 'no-qualify'], // ante 1:1, call back
    ['Ah Kd 5s 5d 9d Qs 3c', 'Ac Kh 5s 5d 9d Qs 3c', 300n, 'push'],
    ['2h 8d 5s 5d 9d Qs 3c', 'Ac Kh 5s 5d 9d Qs 3c', 0n, 'lose'],
  ] as const)('%s against %s returns %s (%s)', (player, dealer, payout, result) => {
    expect(holdemPayout(parseCards(player), parseCards(dealer), ante)).toEqual({ payout, result })
  })

  it('a round: the ante, the flop, the call of twice the ante, the turn and the river', () => {
    const math = holdemMath()
    const rng = scriptedRng(shoeScript(1, parseCards('As Ks 4h 4d 2s 7s 9d Qs 3c')))
    const flop = math.start({}, ante, rng)
    expect(flop.done).toBe(false)
    expect(flop.view).toMatchObject({
      player: ['As', 'Ks'],
      dealer: [null, null],
      board: ['2s', '7s', '9d'],
      playerHand: 'high-card',
    })
    expect(math.actionStake(flop.state, 'call')).toBe(200n)
    expect(math.actionStake(flop.state, 'fold')).toBe(0n)
    const end = math.act(flop.state, 'call', rng)
    expect(end).toMatchObject({ done: true, staked: 300n, payout: 700n })
    expect(end.view).toMatchObject({
      dealer: ['4h', '4d'],
      playerHand: 'flush',
      dealerHand: 'pair',
      result: 'win',
      qualifies: true,
    })
    expect(math.actionStake(end.state, 'call')).toBe('cards.notNow')
    const folded = math.act(flop.state, 'fold', scriptedRng([]))
    expect(folded).toMatchObject({ done: true, staked: 100n, payout: 0n })
    expect(folded.view.result).toBe('fold')
  })

  it('the stated strategy calls with a pair, a ten or better, a flush or straight draw', () => {
    const calls = (player: string, board: string) =>
      holdemCalls(parseCards(player), parseCards(board))
    expect(calls('2h 7d', '7s 9c Kd')).toBe(true)
    expect(calls('2h 7d', '8s 8c Kd')).toBe(true)
    expect(calls('Th 3d', '8s 6c Kd')).toBe(true)
    expect(calls('2h 7h', '9h Jh 4c')).toBe(true)
    expect(calls('5h 6d', '7s 9c Kd')).toBe(true)
    expect(calls('2h 7d', '3s 9c Kd')).toBe(false)
  })
})
