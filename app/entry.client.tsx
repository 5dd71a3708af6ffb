import { startTransition, StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { HydratedRouter } from 'react-router/dom'
import { reloadAfterChunkFailure } from '#app/lib/chunk-reload.ts'

// A code chunk from an older build is gone after a deploy: reload once to fetch the new ones.
window.addEventListener('vite:preloadError', (event) => {
  event.preventDefault()
  reloadAfterChunkFailure(window.location.pathname)
})

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  )
})
