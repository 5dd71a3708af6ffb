import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { Prize } from './rewards-rules.ts'
import {
  betScore,
  canJoin,
  combineScore,
  MAX_PAID_PLACES,
  paidPlaces,
  placedAbove,
  placeShift,
  prizeOfPlace,
  prizeTableIsValid,
  qualifies,
  tieBreak,
  TOURNAMENT_PHASES,
  TOURNAMENT_SCORINGS,
  tournamentPhase,
  type StandingKey,
  type TournamentBet,
  type TournamentRules,
} from './tournament-rules.ts'

const START = new Date('2025-03-01T12:00:00.000Z')
const END = new Date('2025-03-08T12:00:00.000Z')
const ms = (date: Date, delta: number) => new Date(date.getTime() + delta)

const rules = (overrides: Partial<TournamentRules> = {}): TournamentRules => ({
  scoring: 'total_wagered',
  pointsPerSpin: 1,
  gameIds: [],
  categorySlugs: [],
  currencies: [],
  minStakeEurMinor: 0n,
  startsAt: START,
  endsAt: END,
  ...overrides,
})

const bet = (overrides: Partial<TournamentBet> = {}): TournamentBet => ({
  gameId: 'dice',
  gameCategories: ['originals'],
  currency: 'EUR',
  stakeEurMinor: 100n,
  winEurMinor: 0n,
  multiplierBp: 0,
  at: ms(START, 60_000),
  ...overrides,
})

describe('qualifies', () => {
  it('counts a bet placed from the start up to, not including, the end', () => {
    expect(qualifies(rules(), bet({ at: START }))).toBe(true)
    expect(qualifies(rules(), bet({ at: ms(START, -1) }))).toBe(false)
    expect(qualifies(rules(), bet({ at: ms(END, -1) }))).toBe(true)
    expect(qualifies(rules(), bet({ at: END }))).toBe(false)
    expect(qualifies(rules(), bet({ at: ms(END, 1) }))).toBe(false)
  })

  it('needs the minimum stake (in euro cents) and a stake at all', () => {
    const withMinimum = rules({ minStakeEurMinor: 50n })
    expect(qualifies(withMinimum, bet({ stakeEurMinor: 50n }))).toBe(true)
    expect(qualifies(withMinimum, bet({ stakeEurMinor: 49n }))).toBe(false)
    // A free round stakes nothing: it does not count, even without a minimum.
    expect(qualifies(rules(), bet({ stakeEurMinor: 0n }))).toBe(false)
    expect(qualifies(rules(), bet({ stakeEurMinor: 1n }))).toBe(true)
  })

  it('takes only the listed currencies; an empty list takes every one', () => {
    const euroOnly = rules({ currencies: ['EUR', 'USD'] })
    expect(qualifies(euroOnly, bet({ currency: 'USD' }))).toBe(true)
    expect(qualifies(euroOnly, bet({ currency: 'NOK' }))).toBe(false)
    expect(qualifies(euroOnly, bet({ currency: '' }))).toBe(false)
    expect(qualifies(rules(), bet({ currency: 'NOK' }))).toBe(true)
  })

  it('takes a listed game or a game in a listed category; no lists take every game', () => {
    expect(qualifies(rules(), bet({ gameId: 'anything', gameCategories: [] }))).toBe(true)
    const games = rules({ gameIds: ['dice'] })
    expect(qualifies(games, bet({ gameId: 'dice', gameCategories: [] }))).toBe(true)
    expect(qualifies(games, bet({ gameId: 'mines', gameCategories: ['originals'] }))).toBe(false)
    const categories = rules({ categorySlugs: ['slots'] })
    expect(qualifies(categories, bet({ gameId: 'x', gameCategories: ['new', 'slots'] }))).toBe(true)
    expect(qualifies(categories, bet({ gameId: 'dice', gameCategories: ['originals'] }))).toBe(
      false,
    )
    // Both lists: either one lets the bet in.
    const both = rules({ gameIds: ['dice'], categorySlugs: ['slots'] })
    expect(qualifies(both, bet({ gameId: 'dice', gameCategories: [] }))).toBe(true)
    expect(qualifies(both, bet({ gameId: 'reels', gameCategories: ['slots'] }))).toBe(true)
    expect(qualifies(both, bet({ gameId: 'crash', gameCategories: ['live'] }))).toBe(false)
  })
})

describe('betScore and combineScore', () => {
  const winning = bet({ stakeEurMinor: 250n, winEurMinor: 1_000n, multiplierBp: 40_000 })

  it('scores each rule in its unit', () => {
    expect(betScore({ scoring: 'highest_multiplier', pointsPerSpin: 1 }, winning)).toBe(40_000n)
    expect(betScore({ scoring: 'total_wagered', pointsPerSpin: 1 }, winning)).toBe(250n)
    expect(betScore({ scoring: 'total_won', pointsPerSpin: 1 }, winning)).toBe(1_000n)
    expect(betScore({ scoring: 'points_per_spin', pointsPerSpin: 7 }, winning)).toBe(7n)
  })

  it('scores a lost bet nothing for wins and multipliers, its stake and points still', () => {
    const lost = bet({ stakeEurMinor: 300n })
    expect(betScore({ scoring: 'highest_multiplier', pointsPerSpin: 1 }, lost)).toBe(0n)
    expect(betScore({ scoring: 'total_won', pointsPerSpin: 1 }, lost)).toBe(0n)
    expect(betScore({ scoring: 'total_wagered', pointsPerSpin: 1 }, lost)).toBe(300n)
    expect(betScore({ scoring: 'points_per_spin', pointsPerSpin: 2 }, lost)).toBe(2n)
  })

  it('never scores below zero nor fails on a malformed multiplier', () => {
    const highest = { scoring: 'highest_multiplier', pointsPerSpin: 1 } as const
    expect(betScore(highest, bet({ multiplierBp: -5 }))).toBe(0n)
    expect(betScore(highest, bet({ multiplierBp: 12_345.9 }))).toBe(12_345n)
    expect(betScore(highest, bet({ multiplierBp: Number.NaN }))).toBe(0n)
    expect(betScore({ scoring: 'total_won', pointsPerSpin: 1 }, bet({ winEurMinor: -1n }))).toBe(0n)
  })

  it('keeps the best for the highest multiplier and adds up every other rule', () => {
    expect(combineScore('highest_multiplier', 20_000n, 15_000n)).toBe(20_000n)
    expect(combineScore('highest_multiplier', 20_000n, 25_000n)).toBe(25_000n)
    for (const scoring of ['total_wagered', 'total_won', 'points_per_spin'] as const) {
      expect(combineScore(scoring, 20n, 15n)).toBe(35n)
    }
  })

  it('folds bets to the same score in any order (best and sums commute)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...TOURNAMENT_SCORINGS),
        fc.array(fc.bigInt({ min: 0n, max: 10n ** 12n }), { maxLength: 20 }),
        (scoring, adds) => {
          const forward = adds.reduce((score, add) => combineScore(scoring, score, add), 0n)
          const backward = [...adds]
            .reverse()
            .reduce((score, add) => combineScore(scoring, score, add), 0n)
          expect(backward).toBe(forward)
          // A score never falls.
          expect(forward >= 0n).toBe(true)
        },
      ),
    )
  })
})

const key = (score: bigint, reachedAt: Date | null, entryId: string): StandingKey => ({
  score,
  reachedAt,
  entryId,
})

describe('placedAbove', () => {
  const early = ms(START, 1_000)
  const late = ms(START, 2_000)

  it('puts a higher score first, whenever it was reached', () => {
    expect(placedAbove(key(10n, late, 'b'), key(9n, early, 'a'))).toBe(true)
    expect(placedAbove(key(9n, early, 'a'), key(10n, late, 'b'))).toBe(false)
  })

  it('on equal scores puts who reached it first, and an entry that scored nothing last', () => {
    expect(placedAbove(key(10n, early, 'b'), key(10n, late, 'a'))).toBe(true)
    expect(placedAbove(key(10n, late, 'a'), key(10n, early, 'b'))).toBe(false)
    expect(placedAbove(key(0n, early, 'b'), key(0n, null, 'a'))).toBe(true)
    expect(placedAbove(key(0n, null, 'a'), key(0n, early, 'b'))).toBe(false)
  })

  it('on equal scores and times (or both unscored) orders by entry id', () => {
    expect(placedAbove(key(10n, early, 'a'), key(10n, early, 'b'))).toBe(true)
    expect(placedAbove(key(10n, early, 'b'), key(10n, early, 'a'))).toBe(false)
    expect(placedAbove(key(0n, null, 'a'), key(0n, null, 'b'))).toBe(true)
    // Irreflexive: nobody is placed above themselves.
    expect(placedAbove(key(0n, null, 'a'), key(0n, null, 'a'))).toBe(false)
  })

  it('is a strict total order (what a sort of the board relies on)', () => {
    const arbitraryKey = fc.record({
      score: fc.bigInt({ min: 0n, max: 5n }),
      reachedAt: fc.option(
        fc.integer({ min: 0, max: 3 }).map((n) => ms(START, n)),
        { nil: null },
      ),
      entryId: fc.constantFrom('a', 'b', 'c', 'd'),
    })
    fc.assert(
      fc.property(arbitraryKey, arbitraryKey, arbitraryKey, (a, b, c) => {
        const same =
          a.score === b.score &&
          a.reachedAt?.getTime() === b.reachedAt?.getTime() &&
          a.entryId === b.entryId
        if (!same) expect(placedAbove(a, b)).toBe(!placedAbove(b, a))
        if (placedAbove(a, b) && placedAbove(b, c)) expect(placedAbove(a, c)).toBe(true)
      }),
    )
  })
})

describe('placeShift', () => {
  const t = (n: number) => ms(START, n * 1_000)
  const own = key(50n, t(5), 'own')

  it('moves the player down one when an entry passes them, up one when one falls below', () => {
    expect(placeShift(own, key(40n, t(1), 'x'), key(60n, t(9), 'x'))).toBe(1)
    expect(placeShift(own, key(60n, t(1), 'x'), key(40n, t(9), 'x'))).toBe(-1)
  })

  it('counts reaching the same score later as below, earlier as above', () => {
    expect(placeShift(own, key(40n, t(1), 'x'), key(50n, t(9), 'x'))).toBe(0)
    expect(placeShift(own, key(40n, t(1), 'x'), key(50n, t(4), 'x'))).toBe(1)
  })

  it('leaves the place alone for moves that stay above or stay below', () => {
    expect(placeShift(own, key(60n, t(1), 'x'), key(70n, t(9), 'x'))).toBe(0)
    expect(placeShift(own, key(10n, t(1), 'x'), key(40n, t(9), 'x'))).toBe(0)
  })

  it('counts a join placed above as a pass, one placed below as nothing', () => {
    expect(placeShift(own, null, key(60n, t(1), 'x'))).toBe(1)
    expect(placeShift(own, null, key(0n, null, 'x'))).toBe(0)
    // Two unscored entries: the lower id is above.
    expect(placeShift(key(0n, null, 'm'), null, key(0n, null, 'a'))).toBe(1)
    expect(placeShift(key(0n, null, 'm'), null, key(0n, null, 'z'))).toBe(0)
  })

  it('ignores the player’s own move (their row comes on its own)', () => {
    expect(placeShift(own, key(50n, t(5), 'own'), key(90n, t(9), 'own'))).toBe(0)
    expect(placeShift(own, null, key(90n, t(9), 'own'))).toBe(0)
  })

  it('agrees with counting the entries above before and after the move', () => {
    const arbitraryKey = (id: string) =>
      fc.record({
        score: fc.bigInt({ min: 0n, max: 4n }),
        reachedAt: fc.option(
          fc.integer({ min: 0, max: 3 }).map((n) => t(n)),
          { nil: null },
        ),
        entryId: fc.constant(id),
      })
    fc.assert(
      fc.property(
        arbitraryKey('own'),
        fc.array(arbitraryKey('o'), { maxLength: 6 }),
        fc.option(arbitraryKey('mover'), { nil: null }),
        arbitraryKey('mover'),
        (mine, others, before, after) => {
          const board = others.map((other, index) => ({ ...other, entryId: `o${index}` }))
          const placeOf = (entries: StandingKey[]) =>
            1 + entries.filter((entry) => placedAbove(entry, mine)).length
          const was = placeOf(before ? [...board, before] : board)
          const is = placeOf([...board, after])
          expect(placeShift(mine, before, after)).toBe(is - was)
        },
      ),
    )
  })
})

describe('tieBreak', () => {
  const stream = (values: number[]) => values[Symbol.iterator]()

  it('is deterministic for one stream, whatever order the tied entries come in', () => {
    const values = [3_000_000_000, 1_000_000_000, 2_500_000_000]
    const first = tieBreak(stream(values), ['c', 'a', 'd', 'b'])
    expect(tieBreak(stream(values), ['b', 'd', 'a', 'c'])).toEqual(first)
  })

  it('draws a partial Fisher-Yates shuffle of the group in id order', () => {
    // Sorted pool [a, b, c]. Position 0 picks floor(u * 3 / 2^32): 2^32 - 1 → 2, so c swaps
    // with a ([c, b, a]); position 1 picks 1 + floor(0 * 2 / 2^32) = 1: b stays.
    expect(tieBreak(stream([2 ** 32 - 1, 0]), ['b', 'c', 'a'])).toEqual(['c', 'b', 'a'])
    // 0 keeps a first; then 1 + floor((2^32 - 1) * 2 / 2^32) = 2: c swaps with b.
    expect(tieBreak(stream([0, 2 ** 32 - 1]), ['b', 'c', 'a'])).toEqual(['a', 'c', 'b'])
    // One u32 per position but the last.
    const used: number[] = []
    const counting: Iterator<number> = {
      next: () => {
        used.push(0)
        return { done: false, value: 0 }
      },
    }
    tieBreak(counting, ['a', 'b', 'c', 'd'])
    expect(used).toHaveLength(3)
  })

  it('answers a permutation of the tied entries', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.uuid(), { maxLength: 12 }),
        fc.array(fc.integer({ min: 0, max: 2 ** 32 - 1 }), { minLength: 12, maxLength: 12 }),
        (tied, values) => {
          const order = tieBreak(stream(values), tied)
          expect([...order].sort()).toEqual([...tied].sort())
        },
      ),
    )
  })

  it('refuses a stream that ends early rather than guess', () => {
    expect(() => tieBreak(stream([1]), ['a', 'b', 'c'])).toThrow('tie-break stream ended')
    expect(tieBreak(stream([]), ['a'])).toEqual(['a'])
  })
})

describe('prize tables', () => {
  const coins: Prize = { kind: 'coins', coinsMinor: '100' }
  const table = [
    { fromPlace: 1, toPlace: 1, prize: coins },
    { fromPlace: 2, toPlace: 3, prize: coins },
    { fromPlace: 4, toPlace: 10, prize: coins },
  ]

  it('finds the prize of a place by its range', () => {
    expect(prizeOfPlace(table, 1)).toBe(table[0])
    expect(prizeOfPlace(table, 2)).toBe(table[1])
    expect(prizeOfPlace(table, 3)).toBe(table[1])
    expect(prizeOfPlace(table, 10)).toBe(table[2])
    expect(prizeOfPlace(table, 11)).toBeUndefined()
    expect(prizeOfPlace(table, 0)).toBeUndefined()
  })

  it('pays as many places as the last range reaches', () => {
    expect(paidPlaces(table)).toBe(10)
    expect(paidPlaces([])).toBe(0)
  })

  it('accepts ranges from place 1 without gaps or overlaps, in any order', () => {
    expect(prizeTableIsValid(table)).toBe(true)
    expect(prizeTableIsValid([...table].reverse())).toBe(true)
    expect(prizeTableIsValid([{ fromPlace: 1, toPlace: MAX_PAID_PLACES }])).toBe(true)
  })

  it.each([
    ['empty', []],
    ['not from place 1', [{ fromPlace: 2, toPlace: 3 }]],
    [
      'a gap',
      [
        { fromPlace: 1, toPlace: 1 },
        { fromPlace: 3, toPlace: 4 },
      ],
    ],
    [
      'an overlap',
      [
        { fromPlace: 1, toPlace: 2 },
        { fromPlace: 2, toPlace: 4 },
      ],
    ],
    ['a range backwards', [{ fromPlace: 1, toPlace: 0 }]],
    ['a fraction', [{ fromPlace: 1, toPlace: 1.5 }]],
    ['too many places', [{ fromPlace: 1, toPlace: MAX_PAID_PLACES + 1 }]],
  ])('refuses %s', (_name, rows) => {
    expect(prizeTableIsValid(rows)).toBe(false)
  })
})

describe('tournamentPhase and canJoin', () => {
  const tournament = { startsAt: START, endsAt: END, finishedAt: null }

  it('is upcoming until the start, running until the end, finishing until paid', () => {
    expect(tournamentPhase(tournament, ms(START, -1))).toBe('upcoming')
    expect(tournamentPhase(tournament, START)).toBe('running')
    expect(tournamentPhase(tournament, ms(END, -1))).toBe('running')
    expect(tournamentPhase(tournament, END)).toBe('finishing')
    expect(tournamentPhase(tournament, ms(END, 86_400_000))).toBe('finishing')
  })

  it('is finished once the finish job wrote it, whatever the clock says', () => {
    const finished = { ...tournament, finishedAt: END }
    expect(tournamentPhase(finished, ms(START, -1))).toBe('finished')
    expect(tournamentPhase(finished, ms(END, 1))).toBe('finished')
  })

  it('lets players join only before the end', () => {
    expect(TOURNAMENT_PHASES.filter(canJoin)).toEqual(['upcoming', 'running'])
  })
})
