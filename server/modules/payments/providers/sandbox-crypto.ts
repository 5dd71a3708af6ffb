import { randomBytes } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import QRCode from 'qrcode'
import type { Db, Tx } from '#db/client.ts'
import { formatDecimal, type CurrencyCode } from '#common/money.ts'
import type { NextAction } from '../payments.contract.ts'
import { cryptoDepositAddresses } from '../payments.tables.ts'
import type { PaymentProvider } from './provider.ts'

const BECH32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l'
const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'
const HEX = '0123456789abcdef'

const randomOf = (alphabet: string, length: number) => {
  let text = ''
  for (const byte of randomBytes(length)) text += alphabet.charAt(byte % alphabet.length)
  return text
}

/** Each coin's address shape, so a sandbox address looks like one of its chain (but is random). */
const ADDRESS_FORMATS: Record<string, () => string> = {
  BTC: () => `bc1q${randomOf(BECH32, 38)}`,
  LTC: () => `ltc1q${randomOf(BECH32, 38)}`,
  BCH: () => `bitcoincash:q${randomOf(BECH32, 41)}`,
  ETH: () => `0x${randomOf(HEX, 40)}`,
  USDT: () => `0x${randomOf(HEX, 40)}`,
  BNB: () => `0x${randomOf(HEX, 40)}`,
  DOG: () => `D${randomOf(BASE58, 33)}`,
  XRP: () => `r${randomOf(BASE58, 33)}`,
  TRX: () => `T${randomOf(BASE58, 33)}`,
  ADA: () => `addr1q${randomOf(BECH32, 57)}`,
}

/** BIP 21-style payment URI schemes wallets understand. */
const URI_SCHEMES: Record<string, string> = {
  BTC: 'bitcoin',
  LTC: 'litecoin',
  BCH: 'bitcoincash',
  ETH: 'ethereum',
  USDT: 'ethereum',
  BNB: 'bnb',
  DOG: 'dogecoin',
  XRP: 'xrp',
  TRX: 'tron',
  ADA: 'cardano',
}

export function newCryptoAddress(currency: string): string {
  const format = ADDRESS_FORMATS[currency]
  if (!format) throw new Error(`no address format for ${currency}`)
  return format()
}

/** The player's deposit address for a coin: made on first use, the same one ever after. */
export async function depositAddress(
  db: Db | Tx,
  playerId: string,
  currency: string,
): Promise<string> {
  const find = async () => {
    const [row] = await db
      .select({ address: cryptoDepositAddresses.address })
      .from(cryptoDepositAddresses)
      .where(
        and(
          eq(cryptoDepositAddresses.playerId, playerId),
          eq(cryptoDepositAddresses.currency, currency),
        ),
      )
    return row?.address
  }
  const existing = await find()
  if (existing) return existing
  await db
    .insert(cryptoDepositAddresses)
    .values({ playerId, currency, address: newCryptoAddress(currency) })
    .onConflictDoNothing()
  const made = await find()
  if (!made) throw new Error('deposit address was not stored')
  return made
}

/** The payment URI a wallet app reads from the QR code: `bitcoin:<address>?amount=0.001`. */
export function paymentUri(currency: string, address: string, amount: string): string {
  const scheme = URI_SCHEMES[currency] ?? currency.toLowerCase()
  const bare = address.startsWith(`${scheme}:`) ? address.slice(scheme.length + 1) : address
  return `${scheme}:${bare}?amount=${amount}`
}

/** What the player does to pay: send `amount` to `address`, by hand or by scanning the QR code. */
export async function sendCryptoAction(
  address: string,
  currency: CurrencyCode,
  amountMinor: bigint,
  confirmations: number,
): Promise<Extract<NextAction, { type: 'send_crypto' }>> {
  const amount = formatDecimal(amountMinor, currency)
  const qr = await QRCode.toDataURL(paymentUri(currency, address, amount), {
    errorCorrectionLevel: 'M',
    margin: 1,
    width: 240,
  })
  return { type: 'send_crypto', address, currency, amount, qr, confirmations }
}

/**
 * The sandbox crypto gateway: one deposit address per player and coin; the deposit is credited
 * when the gateway's signed webhook reports the transfer with enough confirmations (the dev page
 * `/dev/payments` sends such webhooks on a laptop).
 */
export function sandboxCryptoProvider(options: { confirmations: number }): PaymentProvider {
  return {
    id: 'sandbox_crypto',
    hasWebhooks: true,
    fieldsFor: (direction, methodFields) => (direction === 'deposit' ? [] : methodFields),
    async startDeposit(input) {
      const address = await depositAddress(input.db, input.playerId, input.currency)
      return {
        status: 'pending',
        nextAction: await sendCryptoAction(
          address,
          input.currency,
          input.amountMinor,
          options.confirmations,
        ),
        details: { address, confirmations: '0' },
      }
    },
    async completeWithdrawal(input) {
      return {
        status: 'paid',
        providerReference: `0x${randomOf(HEX, 64)}`,
        details: { txid: `payout_${input.transactionId}` },
      }
    },
  }
}
