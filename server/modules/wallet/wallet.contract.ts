import { z } from 'zod'
import { envelopeOf } from '#server/lib/envelope.ts'
import { CurrencySchema, MinorAmountSchema } from '#server/modules/payments/payments.contract.ts'

/** Spec §3 Wallet: one entry per currency the player holds; `cents` is minor units. */
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
