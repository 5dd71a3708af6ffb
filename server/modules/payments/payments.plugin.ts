import type { FastifyPluginAsync } from 'fastify'
import type { CoreDeps } from '#server/plugins/module-deps.ts'
import { playUsageRows } from '../bets/index.ts'
import { createSandboxPsp } from '../../../providers/sandbox-psp/psp.ts'
import { sandboxPspPlugin } from '../../../providers/sandbox-psp/psp.plugin.ts'
import type { CashierRules, DepositCredits } from './cashier.ts'
import { paymentsAdminRoutes } from './payments.admin.routes.ts'
import { paymentRoutes } from './payments.routes.ts'
import { paymentWebhookPlugin } from './payments.webhook.plugin.ts'
import { createProviders } from './providers/index.ts'
import { transactionRoutes } from './transactions.routes.ts'
import { withdrawalRoutes } from './withdrawals.routes.ts'
import type { RequestWithdrawal, WithdrawalDecisions } from './withdrawals.ts'

export interface PaymentsPluginDeps extends CoreDeps {
  /** Crediting deposits and releasing held ones (`server/flows/credit-deposit.ts`). */
  creditDeposit: DepositCredits
  /** A player's withdrawal request (`server/flows/request-withdrawal.ts`). */
  requestWithdrawal: RequestWithdrawal
  /** An operator's decisions on withdrawals (`server/flows/decide-withdrawal.ts`). */
  decideWithdrawal: WithdrawalDecisions
  /** Serve the `/dev/payments` page (to loopback requests only). */
  devPages: boolean
}

/**
 * The cashier: deposits, withdrawals, transactions and their review by operators; the payment
 * providers' webhooks; the sandbox card processor.
 */
export const paymentsPlugin: FastifyPluginAsync<PaymentsPluginDeps> = async (app, deps) => {
  const { config, site } = deps
  const localeCookieName = config.LOCALE_COOKIE_NAME
  // The conversion spread and the wagering multiplier are the operator's (site settings); the
  // rates' maximum age is the environment's.
  const rules = async (): Promise<CashierRules> => {
    const settings = await site.settings()
    return {
      exchange: {
        spreadBp: settings.conversionSpreadBp,
        maxAgeMs: config.EXCHANGE_RATES_MAX_AGE_S * 1000,
      },
      depositWagerMultiplier: settings.depositWagerMultiplier,
    }
  }

  // The sandbox card processor: an outside PSP served from this process for convenience, on its
  // own prefix. The card method reaches it only through its server API (tokens, charges) and
  // hears 3-D Secure answers as signed webhooks; the card itself goes from its page to it alone.
  const cardPsp = createSandboxPsp({ base: '/sandbox-psp', secret: config.paymentWebhookSecret })
  await app.register(sandboxPspPlugin, {
    prefix: cardPsp.base,
    psp: cardPsp,
    secret: config.paymentWebhookSecret,
    notify: async (body, headers) =>
      (
        await app.inject({
          method: 'POST',
          url: '/payment/webhook/sandbox_card',
          headers,
          payload: body,
        })
      ).statusCode,
  })

  // Shared by the player calls and the provider webhooks.
  const cashier = {
    db: deps.db,
    bus: deps.bus,
    providers: createProviders({
      cryptoConfirmations: config.PAYMENT_CRYPTO_CONFIRMATIONS,
      cardPsp,
    }),
    cryptoConfirmations: config.PAYMENT_CRYPTO_CONFIRMATIONS,
    messages: (locale: string) => site.messages(locale),
    rules,
    deposits: deps.creditDeposit,
  }
  // Provider callbacks come from providers, not browsers: outside the JSON API scope (no marker
  // header, no CSRF token); their signature is checked instead. Also the `/dev/payments` page.
  await app.register(paymentWebhookPlugin, {
    cashier,
    secret: config.paymentWebhookSecret,
    devPage: deps.devPages,
  })

  await deps.api(app, async (api) => {
    await api.register(paymentRoutes, { cashier, playUsageRows })
    await api.register(withdrawalRoutes, {
      site,
      secretBox: deps.secretBox,
      bus: deps.bus,
      requestWithdrawal: deps.requestWithdrawal,
      rules,
      localeCookieName,
      kycThresholdEur: config.WITHDRAWAL_KYC_THRESHOLD_EUR,
    })
    await api.register(transactionRoutes, {
      site,
      localeCookieName,
      cryptoConfirmations: config.PAYMENT_CRYPTO_CONFIRMATIONS,
    })
    await api.register(paymentsAdminRoutes, {
      cashier,
      withdrawals: deps.decideWithdrawal,
      // Approved withdrawals are paid out by the method's provider.
      payout: (provider, input) => cashier.providers[provider].completeWithdrawal(input),
      secondApprovalAboveEurMinor: async () =>
        BigInt((await site.settings()).withdrawalSecondApprovalEurMinor),
    })
  })
}
