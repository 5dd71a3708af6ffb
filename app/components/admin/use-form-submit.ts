import { useState, type SubmitEvent } from 'react'

/**
 * A console form's sending: `isBusy` while `send` runs, and its failure (a field error or a
 * message) kept in `error` to be shown until the next try.
 */
export function useFormSubmit(send: () => Promise<void>) {
  const [isBusy, setIsBusy] = useState(false)
  const [error, setError] = useState<unknown>(null)
  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault()
    setIsBusy(true)
    setError(null)
    try {
      await send()
    } catch (caught) {
      setError(caught)
    } finally {
      setIsBusy(false)
    }
  }
  return { isBusy, error, submit }
}
