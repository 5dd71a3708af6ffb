import { data } from 'react-router'

/** Paths outside every locale that the guards did not send elsewhere. */
export function loader() {
  throw data(null, { status: 404 })
}

export default function NotFound() {
  return null
}

/** Opening or closing a dialog changes only `?q=`; the page keeps its data. */
export { keepDataAcrossDialogs as shouldRevalidate } from '#app/lib/revalidation.ts'
