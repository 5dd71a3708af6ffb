import { lazy, Suspense, useLayoutEffect } from 'react'
import { useLocation } from 'react-router'
import { DIALOGS, type DialogAddress } from '#app/lib/dialog-url.ts'
import { FEATURES } from '#common/features.ts'
import { MODAL_BASE_Z_INDEX, useModalStore } from '#app/state/modal-store.ts'
import { useDialog } from './use-dialog.ts'

/** Each dialog's code loads when it first opens, so pages stay light. */
const DIALOG_COMPONENTS: Record<
  DialogAddress,
  React.LazyExoticComponent<(props: { onClosed: () => void }) => React.ReactNode>
> = {
  [DIALOGS.search]: lazy(() => import('./search-dialog.tsx')),
  [DIALOGS.language]: lazy(() => import('./language-dialog.tsx')),
  [DIALOGS.login]: lazy(() => import('./login-dialog.tsx')),
  [DIALOGS.register]: lazy(() => import('./register-dialog.tsx')),
  [DIALOGS.forgotPassword]: lazy(() => import('./forgot-password-dialog.tsx')),
  [DIALOGS.bonuses]: lazy(() => import('./bonus-menu-dialog.tsx')),
  [DIALOGS.deposit]: lazy(() => import('./deposit-dialog.tsx')),
  [DIALOGS.withdraw]: lazy(() => import('./withdraw-dialog.tsx')),
}

// The bonus menu exists only while bonuses do (`app/lib/features.ts`).
const isDialogAddress = (value: string | null): value is DialogAddress =>
  value !== null && value in DIALOG_COMPONENTS && (value !== DIALOGS.bonuses || FEATURES.bonuses)

/** Renders the dialog the URL names and the spec's global overlay while any modal is open. */
export function DialogHost() {
  const { current, close } = useDialog()
  const { pathname } = useLocation()
  const Component = isDialogAddress(current) ? DIALOG_COMPONENTS[current] : undefined
  // A new page closes every modal of the old one. A layout effect, so it runs before the new
  // page's dialog (keyed by the path, hence mounted afresh) opens in its own effect.
  useLayoutEffect(() => {
    useModalStore.getState().closeAll()
  }, [pathname])
  return (
    <>
      <ModalOverlay />
      {Component ? (
        <Suspense fallback={null}>
          <Component key={`${pathname} ${current}`} onClosed={close} />
        </Suspense>
      ) : null}
    </>
  )
}

/** One overlay behind the stack while any modal is open. */
function ModalOverlay() {
  const isAnyOpen = useModalStore((state) => state.stack.length > 0)
  if (!isAnyOpen) return null
  return (
    <div
      aria-hidden="true"
      data-testid="modal-overlay"
      className="animate-fade-in fixed inset-0 bg-black/60 backdrop-blur-[2px]"
      style={{ zIndex: MODAL_BASE_Z_INDEX - 1 }}
    />
  )
}
