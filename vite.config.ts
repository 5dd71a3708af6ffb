import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  build: {
    target: 'es2022',
    // The icon sprite is referenced by `<use href>`, which cannot point into a data: URL.
    assetsInlineLimit: (file) => (file.endsWith('.svg') ? false : undefined),
  },
})
