import { translate } from '#common/translate.ts'
import type { Db } from '#db/client.ts'
import { accountBalance } from '#server/modules/ledger/index.ts'
import { isCurrencyCode, formatDecimal, type CurrencyCode } from '#common/money.ts'
import { currencySymbol, FIAT_CURRENCIES } from '#server/modules/players/index.ts'
import type { Messages } from '#common/messages.ts'
import { depositBonusOffer } from '#server/modules/bonuses/index.ts'
import { fromEurRounded, loadRates } from '#server/modules/wallet/index.ts'
import { findCashierPlayer, missingPlayerFields, type Cashier } from './cashier.ts'
import {
  allowanceOf,
  allowedByMethod,
  closedLoopsByMethod,
  readDepositWagering,
} from './deposit-wagering.ts'
import type { PaymentInfo } from './payments.contract.ts'
import {
  lastDepositMethod,
  listMethodsWithLimits,
  listSavedProfiles,
  methodCurrency,
} from './payments.repo.ts'
import type { PaymentDirection } from './payments.tables.ts'

/** The amount the dialog suggests: 50 EUR's worth, rounded, within the method's range. */
const SUGGESTED_EUR_MINOR = 50_00n

/**
 * Coins are named by their brand in every language (as exchanges show them), so their names live
 * here rather than in the catalogues; card and bank transfer are translated (`payments.methods.*`).
 */
export const COIN_NAMES: Record<string, string> = {
  BTC: 'Bitcoin',
  BCH: 'Bitcoin Cash',
  LTC: 'Litecoin',
  ETH: 'Ethereum',
  DOG: 'Dogecoin',
  XRP: 'XRP',
  USDT: 'Tether (USDT)',
  ADA: 'Cardano',
  TRX: 'TRON',
  BNB: 'BNB',
}

export const isFiat = (currency: string): boolean => FIAT_CURRENCIES.has(currency)

/**
 * The methods this player may use in `direction` for a wallet currency
 * (the current one when not given), filtered by currency and country, with limits, conversion,
 * saved accounts and the profile fields still missing.
 */
export async function listPaymentMethods(
  cashier: Pick<Cashier, 'db' | 'providers'>,
  input: {
    playerId: string
    direction: PaymentDirection
    walletCurrency?: CurrencyCode | undefined
    messages: Messages
  },
): Promise<PaymentInfo[]> {
  const { db } = cashier
  const player = await findCashierPlayer(db, input.playerId)
  const wallet = input.walletCurrency ?? player.currency
  const [rows, rates, profiles, lastMethod] = await Promise.all([
    listMethodsWithLimits(db, input.direction),
    loadRates(db),
    listSavedProfiles(db, input.playerId),
    lastDepositMethod(db, input.playerId),
  ])
  const offered = rows.filter(({ method, limit }) => {
    const currency = methodCurrency(method, wallet, isFiat)
    if (currency === undefined || limit.currency !== currency) return false
    return method.countries.length === 0 || method.countries.includes(player.country)
  })
  const withdrawable =
    input.direction === 'withdrawal'
      ? await withdrawableByMethod(
          db,
          input.playerId,
          wallet,
          offered.map(({ method }) => method.id),
        )
      : undefined
  // The same bonus whichever method pays: amounts in the wallet's currency.
  const bonus =
    input.direction === 'deposit' && isCurrencyCode(wallet)
      ? await depositBonusOffer(db, { playerId: input.playerId, currency: wallet, rates })
      : { bonusCode: null, bonusOffer: null }
  return offered.map(({ method, limit }) => {
    const currency = limit.currency as CurrencyCode
    const isConverted = currency !== wallet && isCurrencyCode(currency)
    let amount = fromEurRounded(rates, SUGGESTED_EUR_MINOR, currency)
    if (amount < limit.minMinor) amount = limit.minMinor
    if (amount > limit.maxMinor) amount = limit.maxMinor
    const saved = profiles.filter((profile) => profile.methodId === method.id)
    return {
      id: method.id,
      name:
        translate(input.messages, `payments.methods.${method.id}`) ??
        COIN_NAMES[method.cryptoCurrency ?? ''] ??
        method.id,
      currency,
      currencySymbol: currencySymbol(currency),
      currencyConverted: isConverted ? wallet : null,
      min: limit.minMinor.toString(),
      max: limit.maxMinor.toString(),
      amount: amount.toString(),
      amountConverted: isConverted
        ? rates.convert(amount, currency, wallet, 'half_even').toString()
        : null,
      rate: isConverted ? rates.rateText(currency, wallet) : null,
      savedProfiles: saved.map((profile) => ({
        id: profile.id,
        label: profile.label,
        fields: profile.fields,
      })),
      savedProfilesId: saved[0]?.id ?? null,
      coinspaidAmount: method.cryptoCurrency ? formatDecimal(amount, currency) : null,
      bonusCode: bonus.bonusCode,
      bonusOffer: bonus.bonusOffer,
      imageUrl: method.imageUrl,
      methodFields: cashier.providers[method.provider].fieldsFor(
        input.direction,
        method.methodFields,
      ),
      playerFields: missingPlayerFields(player, method.playerFields),
      amountFieldName: 'amount' as const,
      firstStep: method.firstStep,
      lastUsedMethod: input.direction === 'deposit' && method.id === lastMethod,
      availableToWithdraw: withdrawable?.(method.id, currency).toString() ?? null,
    }
  })
}

/**
 * What each withdrawal method may take from the wallet now: the cash free to leave
 * by any method, plus unwagered deposits that came by that method and currency.
 */
async function withdrawableByMethod(
  db: Db,
  playerId: string,
  wallet: CurrencyCode,
  methodIds: string[],
): Promise<(methodId: string, currency: string) => bigint> {
  const [cash, outstanding, loops] = await Promise.all([
    accountBalance(db, { playerId, kind: 'cash', currency: wallet }),
    readDepositWagering(db, playerId, wallet),
    closedLoopsByMethod(db, playerId, wallet, methodIds),
  ])
  const allowance = allowanceOf(cash, outstanding)
  return (methodId, currency) =>
    allowedByMethod(cash, allowance, loops.get(`${methodId}:${currency}`) ?? 0n)
}
