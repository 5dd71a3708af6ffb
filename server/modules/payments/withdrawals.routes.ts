import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ok } from '#server/lib/envelope.ts'
import type { EventBus } from '#server/lib/event-bus.ts'
import { parseDecimal, parseMinor } from '#common/money.ts'
import { AppError } from '#server/lib/errors.ts'
import type { SecretBox } from '#server/lib/secret-box.ts'
import { createAttemptLimiter, requirePlayerId } from '#server/modules/auth/index.ts'
import type { SiteService } from '#server/modules/site/index.ts'
import {
  PaymentResultResponseSchema,
  TransactionIdParamsSchema,
  TransactionResponseSchema,
  WithdrawBodySchema,
} from './payments.contract.ts'
import { historyCatalogues, methodName, toWireTransaction } from './transactions.ts'
import type { CashierRules } from './cashier.ts'
import { cancelWithdrawal, type RequestWithdrawal } from './withdrawals.ts'
import { CONFIRMATION_GUESS_CODES } from './withdrawal-destination.ts'

export interface WithdrawalRoutesOptions {
  site: SiteService
  bus: EventBus
  localeCookieName: string
  /** `WITHDRAWAL_KYC_THRESHOLD_EUR`: euros, as decimal text. */
  kycThresholdEur: string
  /** The conversion and deposit wagering rules in force. */
  rules: () => Promise<CashierRules>
  /** The request-withdrawal flow. */
  requestWithdrawal: RequestWithdrawal
  /** Opens the players' sealed TOTP secrets, to check a code confirming a new destination. */
  secretBox: SecretBox
}

/** Wrong passwords or codes confirming a new destination, per player and 15 minutes. */
const CONFIRMATION_ATTEMPT_MAX = 5
const CONFIRMATION_WINDOW_MS = 15 * 60_000

/** The player's side of withdrawals: request one, cancel a pending one. */
export const withdrawalRoutes: FastifyPluginAsyncZod<WithdrawalRoutesOptions> = async (
  app,
  { site, bus, localeCookieName, kycThresholdEur, rules, secretBox, requestWithdrawal },
) => {
  const { db } = app.database
  const threshold = parseDecimal(kycThresholdEur, 'EUR')
  if (!threshold.ok)
    throw new Error(`WITHDRAWAL_KYC_THRESHOLD_EUR is not an amount: ${kycThresholdEur}`)
  const confirmations = createAttemptLimiter(app, {
    name: 'withdrawal-confirmation',
    max: CONFIRMATION_ATTEMPT_MAX,
    timeWindowMs: CONFIRMATION_WINDOW_MS,
  })
  const tags = ['payments']

  app.post(
    '/payment/withdraw',
    {
      config: { countryCheck: 'withdrawal' },
      schema: {
        tags,
        summary: 'Request a withdrawal',
        description: `Moves \`amount\` (minor units of \`currency\`) from the player's real money to held money and records a pending withdrawal that an operator approves (paid out) or rejects (returned); the player may cancel it while pending. Card and bank methods pay out the wallet currency named in \`currency\`. A crypto method pays out its coin: \`currency\` is either the coin (\`PaymentInfo.currency\`; the money then leaves the player's current wallet, the coin amount converted into it half-even) or the wallet the money leaves; the payout is converted from the wallet amount at the current rate less the operator's conversion spread, toward zero, and the row keeps the rate used. Limits are those of the method's currency. A destination (IBAN, crypto address, card) the player has not used for a pending or paid withdrawal of this method needs \`two_factor_code\` when 2FA is on, else \`password\`: without it 403 \`withdrawals.two_factor_required\` / \`withdrawals.password_required\` (the dialog then asks for it), wrong 400 \`withdrawals.two_factor_invalid\` / \`withdrawals.password_invalid\`, counted against ${String(CONFIRMATION_ATTEMPT_MAX)} wrong tries per 15 minutes (429 \`request.rate_limited\`). Fields: card \`saved_profile_id\` or \`card_last4\` (a card the player deposited with); bank \`iban\` (checksum checked) and \`holder\`; crypto \`address\`. Above \`WITHDRAWAL_KYC_THRESHOLD_EUR\` (default 2000 EUR, compared in euros at the current rates) the player needs an approved identity document and a verified e-mail. The same \`idempotency_key\` again answers the first withdrawal and moves nothing. Refusals: 400 \`withdrawals.method_unavailable\`, \`withdrawals.amount_below_min\`, \`withdrawals.amount_above_max\`, \`withdrawals.field_invalid\`, \`withdrawals.iban_invalid\`, \`withdrawals.card_unknown\`; 403 \`withdrawals.kyc_required\`, \`withdrawals.email_unverified\`; 409 \`withdrawals.insufficient_funds\` (param \`available\`), \`withdrawals.wagering_required\` (deposited money not yet wagered may only go back by the method and currency it came with: params \`remaining\` to wager, \`available\` by this method, \`currency\`; the methods list's \`availableToWithdraw\` says the same beforehand), \`withdrawals.daily_limit\` (the withdrawals of the last 24 hours, pending and paid, in euros at the current rates, plus this one would pass the player’s daily limit: €5,000 below the first VIP tier, else the tier’s \`withdrawal_limit_eur\` of \`GET /{locale}/loyalty/programme\`; params \`limit\` and \`remaining\` in \`currency\`, the wallet’s), \`withdrawals.idempotency_conflict\`; 503 \`wallet.rates_stale\` when a conversion is needed and the rates are older than \`EXCHANGE_RATES_MAX_AGE_S\`. Nothing moves on a refusal.`,
        body: WithdrawBodySchema,
        response: { 200: PaymentResultResponseSchema },
      },
    },
    async (request, reply) => {
      const playerId = await requirePlayerId(request)
      const body = request.body
      const amountMinor = parseMinor(body.amount)
      if (amountMinor === undefined) throw new AppError('request.invalid')
      const settings = { kycThresholdEurMinor: threshold.minor, rules: await rules(), secretBox }
      const isConfirming = body.password !== undefined || body.two_factor_code !== undefined
      if (isConfirming) await confirmations.assertAllowed(request, reply, playerId)
      const { transaction } = await requestWithdrawal({ log: request.log }, settings, {
        playerId,
        methodId: body.method_id,
        currency: body.currency,
        amountMinor,
        fields: body.fields,
        idempotencyKey: body.idempotency_key,
        confirmation: { password: body.password, twoFactorCode: body.two_factor_code },
      }).catch(async (error: unknown) => {
        if (error instanceof AppError && CONFIRMATION_GUESS_CODES.has(error.code)) {
          await confirmations.count(request, playerId)
        }
        throw error
      })
      void reply.header('cache-control', 'no-store')
      return ok({ transaction_id: transaction.id, status: transaction.status })
    },
  )

  app.get(
    '/player/cancel-pending-transaction/:id',
    {
      // A GET that changes state (the spec's path): it still needs the session's CSRF token.
      config: { csrf: true },
      schema: {
        tags,
        summary: "Cancel one of the signed-in player's pending withdrawals",
        description:
          'The held money goes back to real money and the withdrawal becomes `cancelled`; answers it. Needs `X-CSRF-Token` although it is a GET. Another player’s id and an unknown id both answer 404 `withdrawals.not_found`; a withdrawal that is no longer pending (or already being paid out) 409 `withdrawals.not_pending`.',
        params: TransactionIdParamsSchema,
        response: { 200: TransactionResponseSchema },
      },
    },
    async (request, reply) => {
      const playerId = await requirePlayerId(request)
      const row = await cancelWithdrawal(
        { db, bus, log: request.log },
        { playerId, id: request.params.id },
      )
      void reply.header('cache-control', 'no-store')
      return ok(
        toWireTransaction(
          row,
          methodName(await historyCatalogues(site, request, localeCookieName), row.methodId),
        ),
      )
    },
  )
}
