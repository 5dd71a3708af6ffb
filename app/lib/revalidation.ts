import type { ShouldRevalidateFunctionArgs } from 'react-router'
import { differsOnlyInDialog } from './dialog-url.ts'

/**
 * Page loaders skip opening and closing a dialog: only `?q=` changed, the page's data did not.
 * Routes with a loader export this as their `shouldRevalidate`.
 */
export function keepDataAcrossDialogs({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs): boolean {
  // A revalidation of the same URL (after sign-in) is a real reload.
  const isDialogChange =
    currentUrl.href !== nextUrl.href && differsOnlyInDialog(currentUrl, nextUrl)
  if (formMethod === undefined && isDialogChange) return false
  return defaultShouldRevalidate
}
