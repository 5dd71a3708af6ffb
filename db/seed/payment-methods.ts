import type { Tx } from '#db/client.ts'
import { CURRENCY_EXPONENTS, type CurrencyCode } from '#common/money.ts'
import {
  paymentMethodLimits,
  paymentMethods,
  type MethodField,
  type PaymentDirection,
} from '#server/modules/payments/payments.tables.ts'
import { COIN_NAMES } from '#server/modules/payments/index.ts'
import { FIAT_CURRENCIES } from '#server/modules/players/players.contract.ts'
import type { SeededMethodName } from '#server/modules/site/catalog-check.ts'
import {
  fromEurRounded,
  rateTable,
  seedExchangeRates,
  DEFAULT_UNITS_PER_EUR,
} from '#server/modules/wallet/exchange-rates.ts'

// A card asks for nothing of its own: the card provider's hosted fields collect the card
// (`PaymentProvider.fieldsFor`), so the card number and security code never reach the casino.
const CARD_FIELDS: MethodField[] = []
const BANK_WITHDRAWAL_FIELDS: MethodField[] = [
  {
    name: 'iban',
    type: 'iban',
    required: true,
    pattern: '^[A-Z]{2}[0-9]{2}[A-Z0-9 ]{10,36}$',
    maxLength: 42,
    saved: true,
  },
  { name: 'holder', type: 'text', required: true, maxLength: 100, saved: true },
]
const CRYPTO_WITHDRAWAL_FIELDS: MethodField[] = [
  {
    name: 'address',
    type: 'text',
    required: true,
    pattern: '^[A-Za-z0-9:]{20,100}$',
    maxLength: 100,
    saved: true,
  },
]
/** Card schemes ask for the billing identity (3-D Secure); the others need nothing more. */
const CARD_PLAYER_FIELDS = ['first_name', 'last_name', 'birth_date', 'address', 'city', 'post_code']
/** SEPA and Nordic banks the sandbox bank reaches. */
const BANK_COUNTRIES = ['AT', 'DE', 'EE', 'FI', 'FR', 'IT', 'NO', 'PL', 'PT']

const CRYPTO_NAMES: Partial<Record<CurrencyCode, string>> = {
  BTC: 'btc',
  BCH: 'bch',
  LTC: 'ltc',
  ETH: 'eth',
  DOG: 'dog',
  XRP: 'xrp',
  USDT: 'usdt',
  ADA: 'ada',
  TRX: 'trx',
  BNB: 'bnb',
}

/** In euro minor units: what each method takes and pays, per payment. */
const RANGES_EUR: Record<string, Record<PaymentDirection, [bigint, bigint]>> = {
  card: { deposit: [10_00n, 5_000_00n], withdrawal: [20_00n, 5_000_00n] },
  bank_transfer: { deposit: [20_00n, 20_000_00n], withdrawal: [20_00n, 20_000_00n] },
  crypto: { deposit: [10_00n, 50_000_00n], withdrawal: [20_00n, 50_000_00n] },
}

const fiat = (Object.keys(CURRENCY_EXPONENTS) as CurrencyCode[]).filter((code) =>
  FIAT_CURRENCIES.has(code),
)

/**
 * The sandbox cashier's methods. Each is named in every locale (`payments.methods.<id>`), a coin
 * by its brand (`COIN_NAMES`): `npm run i18n:check` fails on a method without a name.
 */
export const SEEDED_PAYMENT_METHODS = [
  {
    id: 'card',
    provider: 'sandbox_card' as const,
    imageUrl: '/payments/card.svg',
    methodFields: CARD_FIELDS,
    playerFields: CARD_PLAYER_FIELDS,
    sortOrder: 10,
    currencies: fiat,
    range: 'card',
  },
  {
    id: 'bank_transfer',
    provider: 'sandbox_bank' as const,
    imageUrl: '/payments/bank.svg',
    countries: BANK_COUNTRIES,
    methodFields: BANK_WITHDRAWAL_FIELDS,
    sortOrder: 20,
    currencies: fiat,
    range: 'bank_transfer',
  },
  ...Object.entries(CRYPTO_NAMES).map(([currency, slug], index) => ({
    id: `crypto_${slug}`,
    provider: 'sandbox_crypto' as const,
    cryptoCurrency: currency,
    imageUrl: `/payments/${slug}.svg`,
    methodFields: CRYPTO_WITHDRAWAL_FIELDS,
    sortOrder: 30 + index,
    currencies: [currency as CurrencyCode],
    range: 'crypto',
  })),
]

/** What the i18n check needs of each seeded method: its id and, for a coin, its brand name. */
export const seededMethodNames = (): SeededMethodName[] =>
  SEEDED_PAYMENT_METHODS.map((method) => ({
    id: method.id,
    brandName: 'cryptoCurrency' in method ? COIN_NAMES[method.cryptoCurrency] : undefined,
  }))

/**
 * The sandbox cashier (docs/decisions/004-wallet-and-payments.md): a card, a bank transfer and a crypto method per coin, with
 * limits per currency derived from euro ranges by the rate table. Kept only where missing.
 */
export async function seedPaymentMethods(tx: Tx): Promise<void> {
  await seedExchangeRates(tx)
  const rates = rateTable(
    Object.entries(DEFAULT_UNITS_PER_EUR).map(([currency, unitsPerEur]) => ({
      currency,
      unitsPerEur,
    })),
  )
  for (const { currencies, range, ...method } of SEEDED_PAYMENT_METHODS) {
    await tx.insert(paymentMethods).values(method).onConflictDoNothing()
    const ranges = RANGES_EUR[range]
    if (!ranges) continue
    await tx
      .insert(paymentMethodLimits)
      .values(
        currencies.flatMap((currency) =>
          (Object.entries(ranges) as [PaymentDirection, [bigint, bigint]][]).map(
            ([direction, [min, max]]) => ({
              methodId: method.id,
              direction,
              currency,
              minMinor: fromEurRounded(rates, min, currency),
              maxMinor: fromEurRounded(rates, max, currency),
            }),
          ),
        ),
      )
      .onConflictDoNothing()
  }
}
