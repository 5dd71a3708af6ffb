import type { z } from 'zod'
import {
  FIELD_ERROR_CODES,
  FieldErrors,
  type ErrorCode,
  type FieldErrorCode,
  type FieldProblem,
  type FieldProblems,
} from '#server/lib/errors.ts'

const isFieldErrorCode = (value: string): value is FieldErrorCode =>
  (FIELD_ERROR_CODES as readonly string[]).includes(value)

function problemOf(issue: z.core.$ZodIssue, input: unknown): FieldProblem {
  const named = isFieldErrorCode(issue.message) ? issue.message : undefined
  // A missing value is "required", unless the field's own code already says what is missing.
  if (input === undefined || input === null) {
    return { code: named === 'terms_required' ? named : 'required' }
  }
  const params = issue.code === 'too_big' ? { max: Number(issue.maximum) } : undefined
  if (named) return { code: named, ...(params && { params }) }
  if (params) return { code: 'too_long', params }
  // Every minimum is 1 after trimming: an empty or blank value.
  if (issue.code === 'too_small') return { code: 'required' }
  return { code: 'invalid' }
}

/**
 * Parses each field of a body on its own, so one answer names every refused field rather than
 * stopping at the first. Fields absent from `input` stay absent from `values`; the caller decides
 * which are required (an optional schema accepts them missing).
 */
export function parseFields<S extends Record<string, z.ZodType>>(
  shape: S,
  input: unknown,
): { values: Partial<{ [K in keyof S]: z.output<S[K]> }>; problems: FieldProblems } {
  const body: Record<string, unknown> =
    typeof input === 'object' && input !== null && !Array.isArray(input)
      ? (input as Record<string, unknown>)
      : {}
  const values: Record<string, unknown> = {}
  const problems: FieldProblems = {}
  for (const [name, schema] of Object.entries(shape)) {
    const result = schema.safeParse(body[name])
    if (result.success) {
      if (result.data !== undefined) values[name] = result.data
    } else {
      const [issue] = result.error.issues
      problems[name] = issue ? problemOf(issue, body[name]) : { code: 'invalid' }
    }
  }
  return { values: values as Partial<{ [K in keyof S]: z.output<S[K]> }>, problems }
}

/** Throws the refusal when any field was refused. */
export function assertNoProblems(problems: FieldProblems, code?: ErrorCode): void {
  if (Object.keys(problems).length > 0) throw new FieldErrors(problems, code)
}
