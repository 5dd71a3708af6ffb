import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { isLocalePrefix } from '#common/locales.ts'
import { AppError } from '#server/lib/errors.ts'
import { envelopeOf, ok } from '#server/lib/envelope.ts'
import { requirePlayerId } from '#server/modules/auth/index.ts'
import {
  getDepositLimits,
  getPlayLimits,
  setDepositLimit,
  type PlayLimitView,
  type PlayUsageRows,
  answerLimitPrompt,
  setPlayLimit,
} from '#server/modules/limits/index.ts'
import { loadRates } from '#server/modules/wallet/index.ts'
import type { Cashier } from './cashier.ts'
import { findCashierPlayer } from './cashier.ts'
import { depositTotalsSince } from './deposit-limits.ts'
import { listPaymentMethods } from './list-payment-methods.ts'
import {
  DepositBodySchema,
  DepositLimitsResponseSchema,
  PaymentMethodsParamsSchema,
  PaymentMethodsQuerySchema,
  PaymentMethodsResponseSchema,
  PaymentResultResponseSchema,
  SetDepositLimitBodySchema,
} from './payments.contract.ts'
import { startDeposit } from './start-deposit.ts'

export interface PaymentRoutesOptions {
  cashier: Omit<Cashier, 'log'>
  /** The games' stakes, for the loss and wager limits the limits call also shows and sets. */
  playUsageRows: PlayUsageRows
}

const Refusal = envelopeOf(z.null())

const DEPOSIT_DESCRIPTION = `Starts a deposit with one of the methods \`GET /{lang}/payment/methods?type=deposit\` offers. \`currency\` is the method's currency (\`PaymentInfo.currency\`), \`amount\` minor units of it as a string; the money is credited to the player's current wallet, converted when the currencies differ at the current rate less the operator's conversion spread, toward zero (the rate used is recorded); a conversion with rates older than \`EXCHANGE_RATES_MAX_AGE_S\` is refused with 503 \`wallet.rates_stale\`. Deposited money is wagered once (the operator's multiplier) before it may be withdrawn by another method or currency.

The answer's \`status\`: \`completed\` (credited now), \`failed\` (declined, nothing moved) or \`pending\` with \`next_action\`: \`three_ds\` (show the card provider's 3-D Secure page at \`url\`; the player answers there, the provider tells the casino by a signed webhook, and the deposit settles then: no call of the player's can settle it), \`bank_transfer\` (pay the account shown with the reference; an operator confirms) or \`send_crypto\` (send the amount to the address; credited once the transfer has the confirmations shown).

Cards (PCI DSS SAQ A): the card number and security code never reach this API. The method's \`hosted_card\` field names the card provider's page (\`methodFields[].url\`), which collects the card in a frame and answers a one-time token; the deposit sends it as \`fields.card_token\`. A request with a card number or security code field (\`card_number\`, \`cvc\`, \`cvv\`…) is refused whole: 400 \`payments.card_data_refused\`. Sandbox cards, typed into the provider's page: \`4242 4242 4242 4242\` approves, \`4000 0000 0000 0002\` declines, \`4000 0027 6000 3184\` asks for 3-D Secure; any other valid number is declined as an unknown test card. Only the brand, last four digits, expiry and holder are kept; after a card deposit the card is a saved account (the provider's reusable token), and paying with \`saved_profile_id\` needs no fields.

Idempotent by \`idempotency_key\`: a repeat answers the first result and moves nothing; the same key for another method, currency or amount is 409 \`payments.idempotency_key_reused\`.

Refusals: 400 \`payments.amount_invalid\` (zero, negative, not whole minor units), \`payments.amount_below_min\` / \`payments.amount_above_max\` (params \`min\` / \`max\` as \`10.00 EUR\`, and \`currency\`), \`payments.currency_not_offered\`, \`payments.card_data_refused\`, \`payments.fields_invalid\` (\`errors.fields\` names each method field: required, invalid, too_long); 403 \`payments.method_not_available\` (not in the player's country); 404 \`payments.method_not_found\`, \`payments.saved_profile_not_found\`; 409 \`payments.player_fields_missing\` (\`errors.fields\` names the profile fields to fill first, as \`/player/update\` names them), \`payments.deposit_limit_exceeded\` (the message says what is left), \`protection.time_out\` / \`protection.self_exclusion\` / \`protection.closed\` / \`protection.register\` while the player's protection stops deposits (nothing is stored; withdrawals stay open).`

/**
 * The cashier's player calls (issue 5): the methods list, deposits and
 * deposit limits.
 */
export const paymentRoutes: FastifyPluginAsyncZod<PaymentRoutesOptions> = async (
  app,
  { cashier: shared, playUsageRows },
) => {
  const tags = ['payments']
  const cashierFor = (request: FastifyRequest): Cashier => ({ ...shared, log: request.log })

  app.get(
    '/:lang/payment/methods',
    {
      schema: {
        tags,
        summary: 'Payment methods for the signed-in player',
        description:
          "The methods offered for `type` into the wallet of `currency` (the current one when absent), in the player's country, with their limits in minor units of the method's currency, the suggested amount, the conversion into the wallet's currency when they differ (shown, rounded half-even), saved accounts, the profile fields still missing (`playerFields`), the method used last and the welcome bonus code the deposit would earn. Names are in the path's language.",
        params: PaymentMethodsParamsSchema,
        querystring: PaymentMethodsQuerySchema,
        response: { 200: PaymentMethodsResponseSchema },
      },
    },
    async (request, reply) => {
      const playerId = await requirePlayerId(request)
      const { lang } = request.params
      if (!isLocalePrefix(lang))
        throw new AppError('site.unknown_locale', { params: { locale: lang } })
      const methods = await listPaymentMethods(shared, {
        playerId,
        direction: request.query.type,
        walletCurrency: request.query.currency,
        messages: await shared.messages(lang),
      })
      void reply.header('cache-control', 'no-store')
      return ok(methods)
    },
  )

  app.post(
    '/payment/deposit',
    {
      config: { countryCheck: 'play' },
      // A malformed amount gets its own code rather than the generic field refusal.
      attachValidation: true,
      schema: {
        tags,
        summary: 'Start a deposit',
        description: DEPOSIT_DESCRIPTION,
        body: DepositBodySchema,
        response: {
          200: PaymentResultResponseSchema,
          400: Refusal,
          403: Refusal,
          404: Refusal,
          409: Refusal,
        },
      },
    },
    async (request, reply) => {
      const playerId = await requirePlayerId(request)
      const invalid = request.validationError
      if (invalid) {
        const issues = (invalid as { validation?: { instancePath: string }[] }).validation ?? []
        if (issues.length > 0 && issues.every((issue) => issue.instancePath === '/amount')) {
          throw new AppError('payments.amount_invalid')
        }
        throw invalid
      }
      const result = await startDeposit(cashierFor(request), playerId, request.body)
      void reply.header('cache-control', 'no-store')
      return ok(result)
    },
  )

  const wire = (limit: PlayLimitView) => ({
    period: limit.period,
    amount: limit.amountMinor?.toString() ?? null,
    pending_amount: limit.pendingAmountMinor?.toString() ?? null,
    pending_from: limit.pendingFrom?.toISOString() ?? null,
    used: limit.usedMinor.toString(),
  })
  // One answer for every player limit: the cabinet shows and edits them together.
  const limitsAnswer = async (playerId: string) => {
    const { currency } = await findCashierPlayer(shared.db, playerId)
    const deposit = await getDepositLimits(shared.db, {
      playerId,
      currency,
      totalsSince: depositTotalsSince,
    })
    const play = await getPlayLimits(shared.db, {
      playerId,
      currency,
      rates: await loadRates(shared.db),
      usageRows: playUsageRows,
    })
    return ok({
      currency,
      limits: deposit.map((limit) => ({
        ...wire(limit),
        frees_at: limit.freesAt?.toISOString() ?? null,
      })),
      loss: play.loss.map(wire),
      wager: play.wager.map(wire),
    })
  }

  app.get(
    '/player/deposit-limits',
    {
      schema: {
        tags,
        summary: "The signed-in player's deposit, loss and wager limits",
        description:
          'One entry per period (`day` = the last 24 hours, `week` = 7 days, `month` = 30 days, rolling) and kind, in minor units of the current wallet currency: the limit in force, a waiting raise or removal (`pending_amount`, `pending_from`), and what is used within the period. `limits` are the deposit limits (`used`: completed and pending deposits); `wager` caps the stakes of real-money bets, `loss` the net loss (stakes minus payouts; `used` is negative while the player is ahead). Every game checks the loss and wager limits before it takes a stake: the stakes (or net loss) of the window plus the new stake may not pass any limit in force, the lowest applies, and a refusal is 409 `limits.wager_exceeded` / `limits.loss_exceeded` (params `remaining`, `currency`, `period`, `hours`) that moves no money.',
        response: { 200: DepositLimitsResponseSchema },
      },
    },
    async (request, reply) => {
      const playerId = await requirePlayerId(request)
      void reply.header('cache-control', 'no-store')
      return limitsAnswer(playerId)
    },
  )

  app.post(
    '/player/deposit-limits',
    {
      schema: {
        tags,
        summary: 'Set, raise, lower or remove a deposit, loss or wager limit',
        description:
          '`kind` picks the limit (`deposit` when absent). Lowering a limit, or setting one where there is none, applies at once. Raising or removing one (`amount: null`) waits 24 hours, shown as `pending_amount` / `pending_from`, while the current limit stays in force; a lower limit asked for meanwhile applies at once and drops the waiting change. Setting a deposit limit also answers the prompt to set one (`limit_prompt_answered` of the protection state). Answers all the limits. 400 `request.invalid` for an unknown kind or period, or an amount that is not whole minor units.',
        body: SetDepositLimitBodySchema,
        response: { 200: DepositLimitsResponseSchema },
      },
    },
    async (request, reply) => {
      const playerId = await requirePlayerId(request)
      const { kind, period, amount } = request.body
      const amountMinor = amount === null ? null : BigInt(amount)
      const player = await findCashierPlayer(shared.db, playerId)
      if (kind === 'deposit') {
        await setDepositLimit(shared.db, player, period, amountMinor)
        // A deposit limit set answers the prompt to set one (`POST /player/protection/limit-prompt`).
        if (amountMinor !== null)
          await answerLimitPrompt(shared.db, { playerId, answer: 'deposit_limit' })
      } else {
        await setPlayLimit(shared.db, {
          playerId,
          currency: player.currency,
          rates: await loadRates(shared.db),
          kind,
          period,
          amountMinor,
        })
      }
      void reply.header('cache-control', 'no-store')
      return limitsAnswer(playerId)
    },
  )
}
