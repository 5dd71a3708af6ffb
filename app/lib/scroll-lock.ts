let locks = 0

/**
 * Stops the page behind a dialog or menu from scrolling; nested locks release in any order.
 * Returns the release function.
 */
export function lockBodyScroll(): () => void {
  locks += 1
  if (locks === 1) {
    // Keep the width the scrollbar took, so the page does not jump sideways.
    const scrollbar = window.innerWidth - document.documentElement.clientWidth
    document.body.style.overflow = 'hidden'
    if (scrollbar > 0) document.body.style.paddingInlineEnd = `${String(scrollbar)}px`
  }
  let isReleased = false
  return () => {
    if (isReleased) return
    isReleased = true
    locks -= 1
    if (locks === 0) {
      document.body.style.overflow = ''
      document.body.style.paddingInlineEnd = ''
    }
  }
}
