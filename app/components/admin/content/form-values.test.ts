import { describe, expect, it } from 'vitest'
import { draftOf, errorsByField, parseDraft, setPath, textsForWire } from './form-values.ts'
import type { FieldSpec } from './resources.ts'

const money: FieldSpec = { name: 'min_eur', labelKey: 'min_eur', kind: 'money', currency: 'EUR' }
const date: FieldSpec = {
  name: 'starts_at',
  labelKey: 'starts_at',
  kind: 'datetime',
  isNullable: true,
}
const json: FieldSpec = { name: 'segments', labelKey: 'segments', kind: 'json' }
const count: FieldSpec = { name: 'stock', labelKey: 'stock', kind: 'number', isNullable: true }

describe('the content form’s drafts', () => {
  it('turns amounts into minor units without a float, and refuses a third decimal', () => {
    expect(draftOf(money, '1250')).toBe('12.50')
    expect(parseDraft(money, '12.5')).toEqual({ ok: true, value: '1250' })
    expect(parseDraft(money, '90071992547409.93')).toEqual({ ok: true, value: '9007199254740993' })
    expect(parseDraft(money, '1.005')).toEqual({ ok: false, problem: 'amount' })
    expect(parseDraft(money, '')).toEqual({ ok: false, problem: 'required' })
  })

  it('reads dates as UTC and leaves an empty nullable one null', () => {
    expect(draftOf(date, '2026-11-27T10:05:00.000Z')).toBe('2026-11-27T10:05')
    expect(parseDraft(date, '2026-11-27T10:05')).toEqual({
      ok: true,
      value: '2026-11-27T10:05:00.000Z',
    })
    expect(parseDraft(date, '')).toEqual({ ok: true, value: null })
    expect(parseDraft(count, ' ')).toEqual({ ok: true, value: null })
    expect(parseDraft(count, '2.5')).toEqual({ ok: false, problem: 'number' })
  })

  it('says where JSON breaks', () => {
    const parsed = parseDraft(json, '[{"weight": 1,}]')
    expect(parsed.ok).toBe(false)
    expect(parsed).toMatchObject({ problem: 'json' })
    expect(parseDraft(json, '[{"weight": 1}]')).toEqual({ ok: true, value: [{ weight: 1 }] })
  })

  it('sets nested fields without touching the rest', () => {
    const body = { entry_fee: { kind: 'free', amount_minor: '0' }, slug: 'a' }
    expect(setPath(body, 'entry_fee.amount_minor', '500')).toEqual({
      entry_fee: { kind: 'free', amount_minor: '500' },
      slug: 'a',
    })
    expect(body.entry_fee.amount_minor).toBe('0')
  })

  it('sends only the locales written in, and no empty paragraph', () => {
    expect(
      textsForWire({
        en: { title: 'Hi', body: ['One', '', ' '] },
        de: { title: ' ', body: [''] },
      }),
    ).toEqual({ en: { title: 'Hi', body: ['One'] } })
  })

  it('puts each server message under the field that holds it', () => {
    const fields: FieldSpec[] = [
      money,
      { name: 'texts', labelKey: 'texts', kind: 'texts', allLocales: true, fields: [] },
    ]
    expect(
      errorsByField(fields, {
        'body.min_eur': 'a whole number of euro cents',
        'body.texts.de.title': 'Too big',
        body: 'Invalid input',
      }),
    ).toEqual({
      min_eur: 'a whole number of euro cents',
      texts: 'de.title: Too big',
      '': 'Invalid input',
    })
  })
})
