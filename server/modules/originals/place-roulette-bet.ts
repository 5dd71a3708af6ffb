import type { Db } from '#db/client.ts'
import { AppError } from '#server/lib/errors.ts'
import type { CurrencyCode } from '#common/money.ts'
import type { SecretBox } from '#server/lib/secret-box.ts'
import type { RateTable } from '#server/modules/wallet/index.ts'
import { coveredNumbers, rouletteOutcome, type RouletteBet } from './engines/roulette.ts'
import { assertStakeInRange, originalStakeRange, placeInstantBet } from './instant-bets.ts'
import { ROULETTE_MAX_BETS } from '#common/originals-rules.ts'
import type { PlacedInstantBet } from './instant-bets.ts'

export interface PlaceRouletteBetInput {
  playerId: string
  currency: CurrencyCode
  bets: { bet: RouletteBet; stakeMinor: bigint }[]
  clientRequestId: string
  /** The most the spin may pay (`win-caps.ts`). */
  maxWinMinor: bigint
}

/**
 * A real-money European Roulette spin with up to 20 bets. Each bet must cover numbers
 * (`coveredNumbers`) and be at least the game's minimum; their sum is the stake and at most the
 * maximum. Note: a straight-up win pays 36× its chip, whole, so payouts never round.
 */
export async function placeRouletteBet(
  db: Db,
  box: SecretBox,
  rates: RateTable,
  input: PlaceRouletteBetInput,
): Promise<PlacedInstantBet> {
  if (input.bets.length === 0 || input.bets.length > ROULETTE_MAX_BETS) {
    throw new AppError('games.bet_invalid')
  }
  if (input.bets.some(({ bet }) => coveredNumbers(bet).length === 0)) {
    throw new AppError('games.bet_invalid')
  }
  const range = await originalStakeRange(db, rates, 'roulette', input.currency)
  for (const { stakeMinor } of input.bets) {
    assertStakeInRange(stakeMinor, { min: range.min, max: range.max }, input.currency)
  }
  const stakeMinor = input.bets.reduce((sum, { stakeMinor: chip }) => sum + chip, 0n)
  assertStakeInRange(stakeMinor, range, input.currency)

  return placeInstantBet(
    db,
    box,
    'roulette',
    {
      playerId: input.playerId,
      currency: input.currency,
      stakeMinor,
      clientRequestId: input.clientRequestId,
      maxWinMinor: input.maxWinMinor,
    },
    (fairness) => {
      const { pocket, payoutMinor } = rouletteOutcome(fairness, input.bets)
      return {
        payoutMinor,
        outcome: {
          pocket,
          bets: input.bets.map(({ bet, stakeMinor: chip }) => ({
            kind: bet.kind,
            ...(bet.value !== undefined && { value: bet.value }),
            amount: chip.toString(),
            win: coveredNumbers(bet).includes(pocket)
              ? ((chip * 36n) / BigInt(coveredNumbers(bet).length)).toString()
              : '0',
          })),
        },
      }
    },
  )
}
