import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { cardBrand, cardDigits, isExpiryCurrent, isLuhnValid } from './card-rules.ts'

// The sandbox card processor (PSP): a card acquirer that happens to be served from the casino's
// process, like the Demo Studio. It imports nothing of the casino. Its hosted fields take the
// card number and CVC in the browser and answer a token; the casino charges tokens through the
// server API below and hears the 3-D Secure outcome as a signed webhook. A real PSP's API is
// HTTPS; here it is this object, which is the same contract without the network.
//
// Note: it keeps no state. Every token and challenge carries its own content under the PSP's
// MAC, so any instance of the process verifies what another one issued, and nothing is lost on a
// restart. A token is never a card number: only the test outcome, brand, last four digits,
// expiry and holder are in it.

/** The well-known test numbers (README, docs/decisions/004). Any other valid number is an unknown test card. */
export const SANDBOX_CARDS = {
  approve: '4242424242424242',
  decline: '4000000000000002',
  threeDs: '4000002760003184',
} as const

/**
 * A saved test card every customer may be charged with, like the fixed test payment methods of
 * the well-known card sandboxes: the casino's demo content saves it for the demo player. It can
 * only be used where the casino charges a saved card, and it is a card that approves anyway.
 */
export const SANDBOX_SAVED_VISA = 'pm_card_visa'
const SAVED_VISA: CardSummary = { brand: 'Visa', last4: '4242', expiry: '12/30', holder: '' }

type TestOutcome = 'approve' | 'decline' | 'three_ds' | 'unknown'

/** What the casino may keep of a card and show: never the number, never the CVC. */
export interface CardSummary {
  brand: string
  last4: string
  /** `MM/YY` */
  expiry: string
  holder: string
}

export interface CardInput {
  number: string
  expiry: string
  cvc: string
  holder: string
}

/** Why the hosted fields refused a card, by field; shown in the player's language. */
export type CardProblems = Partial<
  Record<keyof CardInput, 'required' | 'number' | 'expiry_format' | 'expiry_past' | 'cvc'>
>

export interface ChargeInput {
  /** The casino's payment id: the PSP's idempotency key and the reference of its webhook. */
  reference: string
  /** The casino's customer: a saved card (`pm_…`) pays only for the customer it was saved for. */
  customer: string
  amountMinor: bigint
  currency: string
  /** A one-time token from the hosted fields, or a saved card of this customer. */
  source: { token: string } | { paymentMethod: string }
}

export type ChargeResult =
  | { status: 'succeeded'; card: CardSummary; paymentMethod: string }
  | {
      status: 'declined'
      reason: 'card_declined' | 'unknown_test_card' | 'token_invalid'
      card: CardSummary | null
    }
  | { status: 'requires_action'; card: CardSummary; challengeUrl: string }

/** The webhook the PSP sends when a 3-D Secure challenge is decided. */
export type ChallengeEvent =
  | {
      type: 'charge.succeeded'
      data: { reference: string; payment_method: string; card: CardSummary }
    }
  | {
      type: 'charge.failed'
      data: { reference: string; reason: 'three_ds_declined'; card: CardSummary }
    }

export interface Challenge {
  reference: string
  customer: string
  amountMinor: bigint
  currency: string
  card: CardSummary
}

/** A one-time token is charged within this time of the player typing the card. */
export const TOKEN_LIFETIME_S = 15 * 60
/** The 3-D Secure page answers for this long after the charge asked for it. */
export const CHALLENGE_LIFETIME_S = 30 * 60

/** What a sealed value is: a one-time token, a saved card, a 3-D Secure challenge. */
type PayloadKind = 'tok' | 'pm' | 'ch'

export interface SandboxPsp {
  /** Where the PSP's pages are served (`/sandbox-psp`). */
  readonly base: string
  /** The hosted fields' tokenisation: checks the card and answers a one-time token. */
  tokenize(
    card: CardInput,
    now?: Date,
  ): { token: string; card: CardSummary } | { problems: CardProblems }
  /** The server API: charges a token or a saved card. */
  charge(input: ChargeInput, now?: Date): Promise<ChargeResult>
  /** The 3-D Secure page's challenge, or undefined when its id is forged or stale. */
  challenge(id: string, now?: Date): Challenge | undefined
  /** The event the challenge page's decision sends to the casino. */
  decide(challenge: Challenge, approved: boolean): ChallengeEvent
  /** Pays a card out by a saved card's token; refuses a token it did not issue. */
  payout(input: {
    reference: string
    paymentMethod: string
    customer: string
  }): Promise<{ status: 'paid'; reference: string } | { status: 'failed'; reason: 'token_invalid' }>
}

const outcomeOf = (digits: string): TestOutcome =>
  digits === SANDBOX_CARDS.approve
    ? 'approve'
    : digits === SANDBOX_CARDS.decline
      ? 'decline'
      : digits === SANDBOX_CARDS.threeDs
        ? 'three_ds'
        : 'unknown'

/** Checks what the player typed, every field in one pass. */
export function checkCard(card: CardInput, now = new Date()): CardProblems {
  const problems: CardProblems = {}
  const digits = cardDigits(card.number)
  if (card.number.trim() === '') problems.number = 'required'
  else if (!digits || !isLuhnValid(digits)) problems.number = 'number'
  const current = isExpiryCurrent(card.expiry.trim(), now)
  if (card.expiry.trim() === '') problems.expiry = 'required'
  else if (current === undefined) problems.expiry = 'expiry_format'
  else if (!current) problems.expiry = 'expiry_past'
  if (card.cvc.trim() === '') problems.cvc = 'required'
  else if (!/^\d{3,4}$/.test(card.cvc.trim())) problems.cvc = 'cvc'
  if (card.holder.trim() === '') problems.holder = 'required'
  return problems
}

/**
 * The sandbox PSP. `secret` is the casino's webhook secret (`whsec_…`): the PSP signs its webhooks
 * with it, and derives from it the key its tokens are sealed with.
 */
export function createSandboxPsp(options: { base: string; secret: string }): SandboxPsp {
  const key = createHmac('sha256', options.secret).update('sandbox-psp token key v1').digest()
  const mac = (text: string) => createHmac('sha256', key).update(text).digest('base64url')

  const seal = (kind: PayloadKind, content: Record<string, unknown>) => {
    const body = Buffer.from(JSON.stringify(content)).toString('base64url')
    return `${kind}_${body}.${mac(`${kind}.${body}`)}`
  }
  const open = (kind: PayloadKind, sealed: string): Record<string, unknown> | undefined => {
    const match = /^([a-z]+)_([A-Za-z0-9_-]{1,4000})\.([A-Za-z0-9_-]{43})$/.exec(sealed)
    if (match?.[1] !== kind || !match[2] || !match[3]) return undefined
    const given = Buffer.from(match[3])
    const expected = Buffer.from(mac(`${kind}.${match[2]}`))
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined
    try {
      const content: unknown = JSON.parse(Buffer.from(match[2], 'base64url').toString())
      return typeof content === 'object' && content !== null
        ? (content as Record<string, unknown>)
        : undefined
    } catch {
      return undefined
    }
  }
  const cardOf = (content: Record<string, unknown>): CardSummary => ({
    brand: String(content.b),
    last4: String(content.l),
    expiry: String(content.e),
    holder: String(content.h),
  })
  const cardContent = (card: CardSummary) => ({
    b: card.brand,
    l: card.last4,
    e: card.expiry,
    h: card.holder,
  })
  const seconds = (now: Date) => Math.floor(now.getTime() / 1000)

  return {
    base: options.base,

    tokenize(card, now = new Date()) {
      const problems = checkCard(card, now)
      const digits = cardDigits(card.number)
      if (Object.keys(problems).length > 0 || !digits) return { problems }
      const summary: CardSummary = {
        brand: cardBrand(digits),
        last4: digits.slice(-4),
        expiry: card.expiry.trim(),
        holder: card.holder.trim().slice(0, 100),
      }
      const token = seal('tok', {
        ...cardContent(summary),
        o: outcomeOf(digits),
        x: seconds(now) + TOKEN_LIFETIME_S,
        n: randomBytes(9).toString('base64url'),
      })
      return { token, card: summary }
    },

    async charge(input, now = new Date()) {
      if ('paymentMethod' in input.source) {
        if (input.source.paymentMethod === SANDBOX_SAVED_VISA) {
          return { status: 'succeeded', card: SAVED_VISA, paymentMethod: SANDBOX_SAVED_VISA }
        }
        const saved = open('pm', input.source.paymentMethod)
        if (!saved || saved.c !== input.customer) {
          return { status: 'declined', reason: 'token_invalid', card: null }
        }
        const card = cardOf(saved)
        // A saved card was authenticated when it was saved; it pays while it has not expired.
        if (!isExpiryCurrent(card.expiry, now)) {
          return { status: 'declined', reason: 'card_declined', card }
        }
        return { status: 'succeeded', card, paymentMethod: input.source.paymentMethod }
      }
      const token = open('tok', input.source.token)
      if (!token || typeof token.x !== 'number' || token.x < seconds(now)) {
        return { status: 'declined', reason: 'token_invalid', card: null }
      }
      const card = cardOf(token)
      switch (token.o) {
        case 'approve':
          return { status: 'succeeded', card, paymentMethod: savedCard(card, input.customer) }
        case 'decline':
          return { status: 'declined', reason: 'card_declined', card }
        case 'three_ds': {
          const id = seal('ch', {
            ...cardContent(card),
            r: input.reference,
            c: input.customer,
            a: input.amountMinor.toString(),
            u: input.currency,
            x: seconds(now) + CHALLENGE_LIFETIME_S,
          })
          return {
            status: 'requires_action',
            card,
            challengeUrl: `${options.base}/v1/challenge?id=${id}`,
          }
        }
        default:
          return { status: 'declined', reason: 'unknown_test_card', card }
      }
    },

    challenge(id, now = new Date()) {
      const content = open('ch', id)
      if (!content || typeof content.x !== 'number' || content.x < seconds(now)) return undefined
      if (typeof content.a !== 'string' || !/^\d{1,30}$/.test(content.a)) return undefined
      return {
        reference: String(content.r),
        customer: String(content.c),
        amountMinor: BigInt(content.a),
        currency: String(content.u),
        card: cardOf(content),
      }
    },

    decide(challenge, approved) {
      return approved
        ? {
            type: 'charge.succeeded',
            data: {
              reference: challenge.reference,
              payment_method: savedCard(challenge.card, challenge.customer),
              card: challenge.card,
            },
          }
        : {
            type: 'charge.failed',
            data: {
              reference: challenge.reference,
              reason: 'three_ds_declined',
              card: challenge.card,
            },
          }
    },

    async payout(input) {
      const saved = open('pm', input.paymentMethod)
      const isKnown = input.paymentMethod === SANDBOX_SAVED_VISA || saved?.c === input.customer
      if (!isKnown) return { status: 'failed', reason: 'token_invalid' }
      return { status: 'paid', reference: `po_${mac(`payout.${input.reference}`).slice(0, 24)}` }
    },
  }

  /** The reusable token of a card that paid: the same card of the same customer, the same token. */
  function savedCard(card: CardSummary, customer: string): string {
    return seal('pm', { ...cardContent(card), c: customer })
  }
}

/**
 * The Standard Webhooks headers (standardwebhooks.com) for one delivery, as any sender computes
 * them: HMAC-SHA256 of `id.timestamp.body` under the base64 key of `whsec_…`.
 */
export function signedHeaders(
  secret: string,
  id: string,
  body: string,
  nowMs = Date.now(),
): Record<'webhook-id' | 'webhook-timestamp' | 'webhook-signature', string> {
  const timestamp = String(Math.floor(nowMs / 1000))
  const keyBytes = Buffer.from(secret.replace(/^whsec_/, ''), 'base64')
  const signature = createHmac('sha256', keyBytes)
    .update(`${id}.${timestamp}.${body}`)
    .digest('base64')
  return {
    'webhook-id': id,
    'webhook-timestamp': timestamp,
    'webhook-signature': `v1,${signature}`,
  }
}
