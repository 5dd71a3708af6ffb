import { MAX_FILE_NAME_LENGTH, type DocumentMimeType } from './documents.contract.ts'

const SIGNATURES: { mimeType: DocumentMimeType; bytes: readonly number[] }[] = [
  { mimeType: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
  { mimeType: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  // `%PDF-`
  { mimeType: 'application/pdf', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] },
]

/** The extensions a file of each type may carry; any other extension is a lie about it. */
const EXTENSIONS: Record<DocumentMimeType, readonly string[]> = {
  'image/jpeg': ['jpg', 'jpeg', 'jpe', 'jfif'],
  'image/png': ['png'],
  'application/pdf': ['pdf'],
}

/** The document type its first bytes show, or undefined when they are none of the accepted ones. */
export function sniffDocumentType(bytes: Uint8Array): DocumentMimeType | undefined {
  return SIGNATURES.find(({ bytes: signature }) =>
    signature.every((byte, index) => bytes[index] === byte),
  )?.mimeType
}

/** The file name's extension, lower-cased, or undefined when it has none. */
function extensionOf(fileName: string): string | undefined {
  const dot = fileName.lastIndexOf('.')
  return dot > 0 && dot < fileName.length - 1 ? fileName.slice(dot + 1).toLowerCase() : undefined
}

/**
 * Whether a (sanitised) file name agrees with the type read from the content. A name without an
 * extension agrees; `scan.jpg` holding a PNG, or `photo.exe` holding a JPEG, does not.
 */
export function extensionMatches(fileName: string, mimeType: DocumentMimeType): boolean {
  const extension = extensionOf(fileName)
  return extension === undefined || EXTENSIONS[mimeType].includes(extension)
}

/**
 * C0 and C1 controls, and the bidirectional overrides that make `gpj.exe` look like `exe.jpg`.
 * Note: written with escapes so no invisible character sits in the source.
 */
// eslint-disable-next-line no-control-regex
const UNSAFE_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g

/**
 * The client's file name made safe to store and show: the last path segment only, without
 * control or direction characters, trimmed, at most 200 characters. It is never used in a path
 * on disk; an empty result becomes `document`.
 */
export function sanitizeFileName(raw: string): string {
  const lastSegment = raw.split(/[/\\]/).pop() ?? ''
  const cleaned = lastSegment.normalize('NFC').replace(UNSAFE_CHARACTERS, '').trim()
  // By code points, so a cut never splits a surrogate pair.
  const short = Array.from(cleaned).slice(0, MAX_FILE_NAME_LENGTH).join('').trim()
  return short === '' || short === '.' || short === '..' ? 'document' : short
}

/**
 * `content-disposition: attachment` with the stored name: a plain-ASCII `filename` for old
 * clients and the exact name as RFC 5987 `filename*`.
 */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\%;]/g, '_')
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  )
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`
}
