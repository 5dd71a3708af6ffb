import type { StudioTitle } from './games/types.ts'
import type { StudioStrings } from './strings/index.ts'

// The studio's game page: a small HTML document whose script (the bundle of client/main.ts and
// the renderers) draws the game. Its configuration travels in a JSON script element; the page's
// CSP admits only this answer's nonce.

export interface PageInput {
  /** Where the studio is served (`/studio/demo`). */
  base: string
  /** The bundle's address. */
  script: string
  title: StudioTitle
  mode: 'real' | 'demo'
  token: string | null
  currency: string | null
  /** The shortest round the player's jurisdiction allows, margin included (0: none). */
  minCycleMs: number
  lang: string
  dir: 'ltr' | 'rtl'
  t: StudioStrings
  /** This answer's CSP nonce: the only inline style and script the page may run. */
  nonce: string
}

/** What the page's script reads from `#cfg` (client/main.ts). */
export interface PageConfig {
  base: string
  code: string
  kind: string
  name: string
  mode: 'real' | 'demo'
  token: string | null
  currency: string | null
  minCycleMs: number
  lang: string
  theme: { background: string; accent: string }
  info: unknown
  stated: StudioTitle['stated']
  features: readonly string[]
  category: StudioTitle['category']
  t: Record<string, string>
}

const STYLE = `
*{box-sizing:border-box}
html,body{margin:0;height:100%}
body{font:15px/1.35 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#fff;background:var(--bg);min-height:100dvh;overflow:hidden}
`

const escapeHtml = (value: string) =>
  value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')

/** JSON inside a `<script type="application/json">`: `<` escaped so no text can close the tag. */
const jsonForScript = (value: unknown) => JSON.stringify(value).replaceAll('<', '\\u003c')

export function renderPage(input: PageInput): string {
  const { title } = input
  const config: PageConfig = {
    base: input.base,
    code: title.code,
    kind: title.kind,
    name: title.title,
    mode: input.mode,
    token: input.token,
    currency: input.currency,
    minCycleMs: input.minCycleMs,
    lang: input.lang,
    theme: title.theme,
    info: title.info,
    stated: title.stated,
    features: title.features,
    category: title.category,
    t: input.t,
  }
  return `<!doctype html>
<html lang="${escapeHtml(input.lang)}" dir="${input.dir}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title.title)} · Demo Studio</title>
<style nonce="${input.nonce}">${STYLE}
:root{--bg:${escapeHtml(title.theme.background)};--accent:${escapeHtml(title.theme.accent)}}</style>
</head>
<body>
<noscript>${escapeHtml(input.t.unavailable)}</noscript>
<script type="application/json" id="cfg" nonce="${input.nonce}">${jsonForScript(config)}</script>
<script src="${escapeHtml(input.script)}" nonce="${input.nonce}" defer></script>
</body>
</html>`
}

/** A short page for a game code the studio does not run. */
export function renderUnavailable(input: {
  lang: string
  dir: 'ltr' | 'rtl'
  text: string
  nonce: string
}) {
  return `<!doctype html><html lang="${escapeHtml(input.lang)}" dir="${input.dir}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>Demo Studio</title><style nonce="${input.nonce}">${STYLE}
:root{--bg:#15131f;--accent:#ffd166}
main{display:flex;align-items:center;justify-content:center;height:100%;padding:16px;text-align:center;font-weight:600}</style></head>
<body><main><p>${escapeHtml(input.text)}</p></main></body></html>`
}
