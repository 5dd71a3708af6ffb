import { hash, verify } from '@node-rs/argon2'

/** argon2id with the library's defaults (19 MiB, t=2), the OWASP minimum for argon2id. */
export function hashPassword(password: string): Promise<string> {
  return hash(password)
}

// Verifying against a real hash when the account does not exist keeps the answer time the same,
// so timing does not tell which e-mail addresses have accounts.
let decoyHash: Promise<string> | undefined

/** True when the password matches; with no stored hash, spends the same time and answers false. */
export async function verifyPassword(stored: string | undefined, password: string) {
  if (stored === undefined) {
    decoyHash ??= hashPassword('decoy password that matches no account')
    await verify(await decoyHash, password)
    return false
  }
  return verify(stored, password)
}
