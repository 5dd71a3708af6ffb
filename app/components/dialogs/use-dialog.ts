import { useCallback } from 'react'
import { useLocation, useNavigate } from 'react-router'
import {
  DIALOG_PARAM,
  isDialogHistoryState,
  searchWithDialog,
  type DialogAddress,
  type DialogHistoryState,
} from '#app/lib/dialog-url.ts'

/** Opens and closes the URL-addressed dialogs, keeping the history honest for the back button. */
export function useDialog() {
  const location = useLocation()
  const navigate = useNavigate()
  const current = new URLSearchParams(location.search).get(DIALOG_PARAM)

  /** The link target that opens a dialog over the current page. */
  const linkTo = useCallback(
    (address: DialogAddress) => ({
      to: { pathname: location.pathname, search: searchWithDialog(location.search, address) },
      state: { isDialogEntry: true } satisfies DialogHistoryState,
      preventScrollReset: true,
    }),
    [location.pathname, location.search],
  )

  const open = useCallback(
    (address: DialogAddress) => {
      const { to, state } = linkTo(address)
      void navigate(to, { state, preventScrollReset: true, replace: current !== null })
    },
    [navigate, linkTo, current],
  )

  /**
   * Closes the open dialog: back to the entry it was opened from, or, when the page was loaded
   * with the dialog open, the same page without it.
   */
  const close = useCallback(() => {
    if (isDialogHistoryState(location.state)) {
      void navigate(-1)
      return
    }
    void navigate(
      { pathname: location.pathname, search: searchWithDialog(location.search, null) },
      { replace: true, preventScrollReset: true },
    )
  }, [navigate, location.pathname, location.search, location.state])

  return { current, linkTo, open, close }
}
