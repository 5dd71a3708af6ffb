import { z } from 'zod'
import { envelopeOf } from '#server/lib/envelope.ts'
import { AMOUNT_PATTERN, CURRENCY_CODES } from '#common/money.ts'

// Money on the wire, for every module that names an amount or a currency in its calls.
/** Minor units on the wire: a whole number ≥ 0 as a decimal string ("1500" is 15.00 EUR). */
export const MinorAmountSchema = z
  .string()
  .regex(/^(0|[1-9]\d{0,29})$/, { error: 'amount_invalid' })
  .describe('Minor units of the currency as a decimal string')

/**
 * An amount a client sends: minor units up to `MAX_AMOUNT_MINOR` (12 digits), so that a huge
 * number is a 400 here rather than an overflow of a column or conversion further on. Answers
 * keep `MinorAmountSchema`: a balance may grow past what one request may name.
 */
export const AmountInputSchema = z
  .string()
  .regex(AMOUNT_PATTERN, { error: 'amount_invalid' })
  .describe('Minor units of the currency as a decimal string, at most 999999999999')

export const CurrencySchema = z.enum(CURRENCY_CODES, { error: 'currency_unsupported' })

/** A wallet: one entry per currency the player holds; `cents` is minor units. */
export const WalletEntrySchema = z.object({
  currency_id: z.string(),
  cents: MinorAmountSchema.describe('Real money, minor units'),
  bonus_cents: MinorAmountSchema.describe('Bonus money, minor units'),
  held_cents: MinorAmountSchema.describe('Withdrawals waiting for approval, minor units'),
  is_current: z.boolean().describe("The player's current wallet"),
})
export type WalletEntry = z.infer<typeof WalletEntrySchema>
export const WalletResponseSchema = envelopeOf(z.array(WalletEntrySchema))

export const WalletCurrencyBodySchema = z.object({ currency: CurrencySchema })
