import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto'

/**
 * Seals small secrets at rest (TOTP secrets) with AES-256-GCM. The key comes from
 * `DATA_ENCRYPTION_KEY`, else is derived from the session secret with HKDF, so a copy of the
 * database alone does not reveal them. Sealed values read `v1.<iv>.<tag>.<ciphertext>` (base64url).
 */
export interface SecretBox {
  seal(plain: string): string
  open(sealed: string): string
}

export function deriveDataKey(sessionSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', sessionSecret, 'aurum', 'data-encryption-v1', 32))
}

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('The data encryption key must be 32 bytes')
  return {
    seal(plain) {
      const iv = randomBytes(12)
      const cipher = createCipheriv('aes-256-gcm', key, iv)
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
      return ['v1', iv, cipher.getAuthTag(), body]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.')
    },
    open(sealed) {
      const [version, iv, tag, body] = sealed.split('.')
      if (version !== 'v1' || !iv || !tag || body === undefined)
        throw new Error('Not a sealed value')
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'))
      decipher.setAuthTag(Buffer.from(tag, 'base64url'))
      return Buffer.concat([
        decipher.update(Buffer.from(body, 'base64url')),
        decipher.final(),
      ]).toString('utf8')
    },
  }
}
