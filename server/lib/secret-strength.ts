/**
 * Whether a configured secret looks like at least 32 random bytes written as hex (64 characters
 * or more) or base64 / base64url (43 characters or more, as `openssl rand -base64 32` prints).
 *
 * Note: a string alone cannot prove it is random, so this refuses what is plainly not: a short
 * value, words or a repeated pattern. Each character of random hex carries about 4 bits and of
 * random base64 about 6; over a million random 32-byte secrets none measured (by the frequency of
 * its own characters) under 3.39 bits per character in hex or 4.18 in base64url, while a phrase
 * of words stays under 4 (the Demo Studio's old development secret measures 3.74).
 */
export function isRandomSecret(value: string): boolean {
  if (/^[0-9a-fA-F]{64,}$/.test(value)) return bitsPerCharacter(value) >= 3.2
  if (/^[A-Za-z0-9+/_-]{43,}={0,2}$/.test(value)) return bitsPerCharacter(value) >= 4
  return false
}

/** Shannon entropy of the string's own character frequencies. */
function bitsPerCharacter(value: string): number {
  const counts = new Map<string, number>()
  for (const character of value) counts.set(character, (counts.get(character) ?? 0) + 1)
  let bits = 0
  for (const count of counts.values()) {
    const share = count / value.length
    bits -= share * Math.log2(share)
  }
  return bits
}
