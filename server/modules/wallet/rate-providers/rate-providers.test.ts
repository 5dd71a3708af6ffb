import { describe, expect, it } from 'vitest'
import { parseRate, type CurrencyCode } from '#common/money.ts'
import { DEFAULT_UNITS_PER_EUR } from '../exchange-rates.ts'
import { httpRatesProvider } from './http-rates.ts'
import { sandboxRatesProvider } from './sandbox-rates.ts'

const walk = (seed: number) =>
  sandboxRatesProvider({ reference: DEFAULT_UNITS_PER_EUR, stepBp: 20, boundBp: 500, seed })

describe('sandbox rates: a bounded random walk', () => {
  it('is the same for the same seed and differs for another', async () => {
    const [a, b, c] = [walk(7), walk(7), walk(8)]
    for (let round = 0; round < 5; round++) {
      const [ra, rb, rc] = await Promise.all([a.fetchRates(), b.fetchRates(), c.fetchRates()])
      expect(ra.unitsPerEur).toEqual(rb.unitsPerEur)
      expect(ra.unitsPerEur).not.toEqual(rc.unitsPerEur)
    }
  })

  it('moves every rate but the euro, at most a step at a time, never past the bound', async () => {
    // A small bound, so that a few hundred steps press against it.
    const provider = sandboxRatesProvider({
      reference: DEFAULT_UNITS_PER_EUR,
      stepBp: 20,
      boundBp: 60,
      seed: 42,
    })
    // The offset from the reference in basis points, from the rate's text (integers only).
    const offsetBp = (currency: CurrencyCode, text: string | undefined) => {
      const reference = parseRate(DEFAULT_UNITS_PER_EUR[currency]) ?? 1n
      return Number(((parseRate(text ?? '') ?? 0n) * 10_000n) / reference) - 10_000
    }
    const currencies = Object.keys(DEFAULT_UNITS_PER_EUR) as CurrencyCode[]
    const problems: string[] = []
    const seen = new Set<string>()
    let previous = (await provider.fetchRates()).unitsPerEur
    for (let round = 0; round < 300; round++) {
      const { unitsPerEur } = await provider.fetchRates()
      if (unitsPerEur.EUR !== '1') problems.push(`EUR moved to ${String(unitsPerEur.EUR)}`)
      for (const currency of currencies) {
        const now = offsetBp(currency, unitsPerEur[currency])
        const before = offsetBp(currency, previous[currency])
        // One basis point of slack: the rate's text is cut, not rounded.
        if (Math.abs(now) > 60) problems.push(`${currency} ${String(now)} bp off the reference`)
        if (Math.abs(now - before) > 21) problems.push(`${currency} jumped ${String(now - before)}`)
      }
      seen.add(unitsPerEur.USD ?? '')
      previous = unitsPerEur
    }
    expect(problems).toEqual([])
    // It does move: arbitrage between two fixed rates is what it replaces.
    expect(seen.size).toBeGreaterThan(30)
  })
})

describe('HTTP rates source', () => {
  const answering = (status: number, body: unknown) =>
    httpRatesProvider({
      url: 'https://rates.example/eur',
      timeoutMs: 1000,
      now: () => new Date('2026-11-26T10:00:00Z'),
      fetch: () => Promise.resolve(new Response(JSON.stringify(body), { status })),
    })

  it('reads the documented shape: text or numbers per euro, unknown currencies ignored', async () => {
    const quote = await answering(200, {
      base: 'EUR',
      timestamp: '2026-11-26T09:59:00Z',
      rates: { USD: '1.0832', BTC: 0.00000011, PLN: 4.31, XYZ: '7', ETH: '0.0003200000000000001' },
    }).fetchRates()
    expect(quote.unitsPerEur).toEqual({
      EUR: '1',
      USD: '1.0832',
      BTC: '0.00000011',
      PLN: '4.31',
      ETH: '0.00032',
    })
    expect(quote.asOf.toISOString()).toBe('2026-11-26T09:59:00.000Z')
  })

  it('never takes a source’s future timestamp as the fetch time', async () => {
    const quote = await answering(200, {
      base: 'EUR',
      timestamp: '2030-01-01T00:00:00Z',
      rates: { USD: '1.08' },
    }).fetchRates()
    expect(quote.asOf.toISOString()).toBe('2026-11-26T10:00:00.000Z')
  })

  it.each([
    [200, { base: 'USD', rates: { EUR: '0.9' } }],
    [200, { base: 'EUR', rates: { USD: '-1' } }],
    [200, { base: 'EUR', rates: { USD: 'abc' } }],
    [200, { base: 'EUR', rates: { USD: 0 } }],
    [200, { base: 'EUR' }],
    [500, { base: 'EUR', rates: { USD: '1.08' } }],
  ])('refuses an answer %s %j', async (status, body) => {
    await expect(answering(status, body).fetchRates()).rejects.toThrow(/exchange rates source/)
  })
})
