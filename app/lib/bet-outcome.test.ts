import { describe, expect, it } from 'vitest'
import { getI18n } from '#app/lib/i18n.ts'
import { formatMoney } from '#common/format-money.ts'
import { getLocale, LOCALES } from '#common/locales.ts'
import { loadShippedMessages } from '#server/modules/site/translations.ts'
import { betOutcome, outcomeMessage } from './bet-outcome.ts'

const catalogues = loadShippedMessages()

function say(prefix: string, stake: bigint, payout: bigint) {
  const { tag } = getLocale(prefix)
  const messages = catalogues.get(prefix)
  if (!messages) throw new Error(`no catalogue for ${prefix}`)
  const { t } = getI18n(tag, messages)
  return outcomeMessage(betOutcome(stake, payout), (minor) => formatMoney(minor, 'EUR', tag), t)
}

describe('betOutcome: a result at or below the stake is never a win', () => {
  it('calls a payout above the stake a win, with the net gain', () => {
    expect(betOutcome(100n, 198n)).toEqual({
      result: 'win',
      stakeMinor: 100n,
      payoutMinor: 198n,
      netMinor: 98n,
    })
    expect(betOutcome(100n, 101n).result).toBe('win')
  })

  it('calls the stake back a push and less than the stake a loss', () => {
    expect(betOutcome(400n, 400n)).toMatchObject({ result: 'push', netMinor: 0n })
    expect(betOutcome(100n, 90n)).toMatchObject({ result: 'loss', netMinor: -10n })
    expect(betOutcome(100n, 99n).result).toBe('loss')
    expect(betOutcome(100n, 0n)).toMatchObject({ result: 'loss', netMinor: -100n })
  })

  it('refuses negative amounts', () => {
    expect(() => betOutcome(-1n, 0n)).toThrow(RangeError)
    expect(() => betOutcome(1n, -1n)).toThrow(RangeError)
  })
})

describe('outcome wording', () => {
  it('says what a player got back, never "win", at or below the stake (en)', () => {
    expect(say('en', 100n, 90n)).toEqual({
      tone: 'loss',
      text: 'You got back €0.90 of your €1.00 stake.',
    })
    expect(say('en', 400n, 400n)).toEqual({ tone: 'info', text: 'Stake returned: €4.00' })
    expect(say('en', 100n, 0n)).toEqual({ tone: 'loss', text: 'No win this time.' })
    expect(say('en', 100n, 198n)).toEqual({
      tone: 'win',
      text: 'You win €1.98 (€0.98 more than your stake)!',
    })
  })

  it('speaks German with the locale’s money format', () => {
    expect(say('de', 100n, 90n).text).toBe(
      'Sie erhalten 0,90\u00a0€ von Ihrem Einsatz von 1,00\u00a0€ zurück.',
    )
    expect(say('de', 400n, 400n).text).toBe('Einsatz zurück: 4,00\u00a0€')
  })

  it('has its own sentence in every locale, with the amounts filled in', () => {
    const english = say('en', 100n, 90n).text
    for (const { prefix } of LOCALES) {
      const partial = say(prefix, 100n, 90n).text
      const push = say(prefix, 400n, 400n).text
      expect(partial, prefix).not.toMatch(/\{\{|outcome\./)
      expect(push, prefix).not.toMatch(/\{\{|outcome\./)
      if (!prefix.startsWith('en') && !['au', 'nz', 'ca'].includes(prefix)) {
        expect(partial, prefix).not.toBe(english)
      }
    }
  })
})
