import { describe, expect, it } from 'vitest'
import {
  attachmentDisposition,
  extensionMatches,
  sanitizeFileName,
  sniffDocumentType,
} from './document-files.ts'

const bytes = (...values: number[]) => Uint8Array.from(values)

describe('sniffDocumentType', () => {
  it('reads JPEG, PNG and PDF from their first bytes', () => {
    expect(sniffDocumentType(bytes(0xff, 0xd8, 0xff, 0xe0, 0))).toBe('image/jpeg')
    expect(sniffDocumentType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe(
      'image/png',
    )
    expect(sniffDocumentType(Buffer.from('%PDF-1.7\n'))).toBe('application/pdf')
  })

  it('knows nothing else, nor a signature cut short', () => {
    expect(sniffDocumentType(Buffer.from('GIF89a'))).toBeUndefined()
    expect(
      sniffDocumentType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')),
    ).toBeUndefined()
    expect(sniffDocumentType(bytes(0xff, 0xd8))).toBeUndefined()
    expect(sniffDocumentType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a))).toBeUndefined()
    expect(sniffDocumentType(Buffer.from('%PDF'))).toBeUndefined()
    expect(sniffDocumentType(Buffer.from(' %PDF-1.7'))).toBeUndefined()
    expect(sniffDocumentType(bytes())).toBeUndefined()
  })
})

describe('extensionMatches', () => {
  it('accepts the extensions of the content’s type in any case, and no extension', () => {
    expect(extensionMatches('scan.JPG', 'image/jpeg')).toBe(true)
    expect(extensionMatches('scan.jpeg', 'image/jpeg')).toBe(true)
    expect(extensionMatches('scan.png', 'image/png')).toBe(true)
    expect(extensionMatches('scan.Pdf', 'application/pdf')).toBe(true)
    expect(extensionMatches('scan', 'application/pdf')).toBe(true)
    expect(extensionMatches('.hidden', 'image/png')).toBe(true)
  })

  it('refuses an extension of another type', () => {
    expect(extensionMatches('scan.jpg', 'image/png')).toBe(false)
    expect(extensionMatches('scan.pdf', 'image/jpeg')).toBe(false)
    expect(extensionMatches('photo.exe', 'image/jpeg')).toBe(false)
    expect(extensionMatches('photo.jpg.exe', 'image/jpeg')).toBe(false)
  })
})

describe('sanitizeFileName', () => {
  it('keeps the last path segment only', () => {
    expect(sanitizeFileName('../../etc/passwd.pdf')).toBe('passwd.pdf')
    expect(sanitizeFileName('C:\\Users\\me\\scan.png')).toBe('scan.png')
  })

  it('drops control and direction characters and trims', () => {
    expect(sanitizeFileName('  pass\u0000port\r\n.jpg  ')).toBe('passport.jpg')
    expect(sanitizeFileName('photo\u202egpj.exe')).toBe('photogpj.exe')
    expect(sanitizeFileName('a\u0085b\u007f.pdf')).toBe('ab.pdf')
  })

  it('keeps other languages, cuts at 200 characters without splitting one', () => {
    expect(sanitizeFileName('паспорт 護照.pdf')).toBe('паспорт 護照.pdf')
    const long = `${'😀'.repeat(250)}.pdf`
    const cut = sanitizeFileName(long)
    expect(Array.from(cut)).toHaveLength(200)
    expect(cut).toBe('😀'.repeat(200))
  })

  it('names a nameless file `document`', () => {
    for (const raw of ['', '   ', '/', 'dir/', '..', '\u0000']) {
      expect(sanitizeFileName(raw)).toBe('document')
    }
  })
})

describe('attachmentDisposition', () => {
  it('gives an ASCII fallback and the exact name encoded', () => {
    expect(attachmentDisposition('scan.pdf')).toBe(
      `attachment; filename="scan.pdf"; filename*=UTF-8''scan.pdf`,
    )
    expect(attachmentDisposition('my "pass"; port(1).jpg')).toBe(
      `attachment; filename="my _pass__ port(1).jpg"; filename*=UTF-8''my%20%22pass%22%3B%20port%281%29.jpg`,
    )
    expect(attachmentDisposition('паспорт.pdf')).toBe(
      `attachment; filename="_______.pdf"; filename*=UTF-8''%D0%BF%D0%B0%D1%81%D0%BF%D0%BE%D1%80%D1%82.pdf`,
    )
  })
})
