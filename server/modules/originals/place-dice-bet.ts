import type { Db } from '#db/client.ts'
import type { SecretBox } from '#server/lib/secret-box.ts'
import { AppError } from '#server/lib/errors.ts'
import type { RateTable } from '#server/modules/wallet/index.ts'
import { diceOutcome, isDiceBetValid, type DiceBet } from './engines/dice.ts'
import {
  assertStakeInRange,
  originalStakeRange,
  placeInstantBet,
  type InstantBetInput,
} from './instant-bets.ts'
import type { PlacedInstantBet } from './instant-bets.ts'

/**
 * A real-money Dice bet: the stake leaves the player's cash and the win comes back in the same
 * transaction as the bet row and the seed's nonce, so a bet is all there or not at all. A
 * repeated client request id answers the first bet and moves nothing.
 */
export async function placeDiceBet(
  db: Db,
  box: SecretBox,
  rates: RateTable,
  input: InstantBetInput & { bet: DiceBet },
): Promise<PlacedInstantBet> {
  if (!isDiceBetValid(input.bet)) throw new AppError('games.bet_invalid')
  assertStakeInRange(
    input.stakeMinor,
    await originalStakeRange(db, rates, 'dice', input.currency),
    input.currency,
  )
  return placeInstantBet(db, box, 'dice', input, (fairness) => {
    const outcome = diceOutcome(fairness, input.bet, input.stakeMinor)
    return {
      payoutMinor: outcome.payoutMinor,
      outcome: {
        roll: outcome.roll,
        target: input.bet.target,
        direction: input.bet.direction,
        is_win: outcome.isWin,
      },
    }
  })
}
