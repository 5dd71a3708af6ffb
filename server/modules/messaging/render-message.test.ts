import { describe, expect, it } from 'vitest'
import { renderMessage } from './render-message.ts'

describe('renderMessage', () => {
  it('writes an e-mail with a greeting by name, the body with its link and the signature', () => {
    const message = renderMessage('email', 'password_reset', 'en', {
      name: 'Robin',
      link: 'https://aurum.example/en/a/password-reset?token=abc',
    })
    expect(message.locale).toBe('en')
    expect(message.subject).toBe('Reset your Aurum password')
    expect(message.body.startsWith('Hi Robin,\n\n')).toBe(true)
    expect(message.body).toContain('\n\nhttps://aurum.example/en/a/password-reset?token=abc\n\n')
    expect(message.body).toContain('one hour')
    expect(message.body.endsWith('The Aurum team')).toBe(true)
  })

  it('greets without a name when the account has none', () => {
    const message = renderMessage('email', 'welcome', 'en', {
      name: '  ',
      link: 'https://a.example/en',
    })
    expect(message.body.startsWith('Hi there,\n\n')).toBe(true)
  })

  it('writes a text message without subject, greeting or signature', () => {
    const message = renderMessage('sms', 'phone_verification', 'en', {
      code: '012345',
      minutes: 10,
    })
    expect(message).toEqual({
      locale: 'en',
      subject: '',
      body: 'Your Aurum code is 012345. It is valid for 10 minutes. Never share it with anyone.',
    })
  })

  it('keeps a known locale and falls back to English text for a key it lacks', () => {
    const message = renderMessage('email', 'email_verification', 'de', {
      link: 'https://x.example',
    })
    expect(message.locale).toBe('de')
    expect(message.subject.length).toBeGreaterThan(0)
    expect(message.body).toContain('https://x.example')
  })

  it('writes an unknown locale in English', () => {
    expect(renderMessage('email', 'welcome', 'xx', { link: 'https://x.example' }).locale).toBe('en')
  })

  it('refuses a template with no text for the channel (a bug, not a player error)', () => {
    expect(() => renderMessage('sms', 'welcome', 'en')).toThrow(/messages\.welcome\.sms/)
  })
})
