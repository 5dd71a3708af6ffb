import { z } from 'zod'

/**
 * Every JSON API answer has one envelope: `success`, `data`, `message`, `errors`. Where the spec
 * names a response field at the top level (`_csrf-frontend`, `languages`, `count`…), it stands
 * beside the envelope keys so the client reads exactly the spec's shape.
 */
export interface Envelope<T> {
  success: boolean
  data: T | null
  message: string | null
  errors: EnvelopeErrors | null
}

export interface EnvelopeErrors {
  code: string
  fields?: Record<string, string[]>
}

export function ok<T>(data: T, message: string | null = null): Envelope<T> & { data: T } {
  return { success: true, data, message, errors: null }
}

export function okWith<F extends Record<string, unknown>>(fields: F): Envelope<null> & F {
  return { success: true, data: null, message: null, errors: null, ...fields }
}

export function failure(message: string, errors: EnvelopeErrors): Envelope<null> {
  return { success: false, data: null, message, errors }
}

const EnvelopeErrorsSchema = z.object({
  code: z.string(),
  fields: z.record(z.string(), z.array(z.string())).optional(),
})

/** The response schema of an enveloped answer; `.extend()` it with the spec's top-level fields. */
export function envelopeOf<D extends z.ZodType>(data: D) {
  return z.object({
    success: z.boolean(),
    data,
    message: z.string().nullable(),
    errors: EnvelopeErrorsSchema.nullable(),
  })
}
