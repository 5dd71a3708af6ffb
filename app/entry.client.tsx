import { startTransition, StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { HydratedRouter } from 'react-router/dom'
import { reloadAfterChunkFailure } from '#app/lib/chunk-reload.ts'
import { catalogueReady } from '#common/messages-registry.ts'

// A code chunk from an older build is gone after a deploy: reload once to fetch the new ones.
window.addEventListener('vite:preloadError', (event) => {
  event.preventDefault()
  reloadAfterChunkFailure(window.location.pathname)
})

// Hydrate only with the page's translations in hand (see catalogueReady).
void catalogueReady().then(() => {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    )
  })
})
