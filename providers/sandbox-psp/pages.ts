import type { CardSummary } from './psp.ts'
import type { PspStrings } from './strings.ts'

// The PSP's pages: the hosted card fields and the 3-D Secure challenge, each one HTML document
// with its style and script inline (under the answer's CSP nonce), shown in the casino's iframe.
// They talk to the casino's page only by postMessage to their own origin's parent
// (`{ source: 'sandbox-psp', type, … }`): `ready`, `resize`, `submit`, `token`, `invalid`,
// `error` and `challenge_done`; the casino's page sends `tokenize`.

export type Theme = 'dark' | 'light'

interface PageFrame {
  lang: string
  dir: 'ltr' | 'rtl'
  theme: Theme
  nonce: string
  title: string
}

const escapeHtml = (value: string) =>
  value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;')

/** Inside a `<script>`: JSON that cannot close the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replaceAll('<', '\\u003c')

/**
 * Set inside the page's nonce'd style: its CSP admits no style attribute. The background is the
 * casino dialog's own (a frame's content cannot be measured for contrast through its parent).
 */
const PALETTES: Record<Theme, string> = {
  dark: '--bg:#141923;--field:#0b0d12;--line:#2b3444;--ink:#f3f5f9;--muted:#a3acbb;--accent:#6ea8ff;--danger:#ff6b6b;--card:#141923;--ok:#3ddc97',
  light:
    '--bg:#ffffff;--field:#ffffff;--line:#cfd6e2;--ink:#15171c;--muted:#4f5562;--accent:#1f5fd1;--danger:#c62828;--card:#f4f6fa;--ok:#0f7a4c',
}

const STYLE = `
*{box-sizing:border-box}
html,body{margin:0;background:var(--bg);color:var(--ink)}
body{font:15px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;padding:2px}
form{display:flex;flex-direction:column;gap:14px;margin:0}
.row{display:grid;grid-template-columns:1fr 1fr;gap:12px}
label{display:flex;flex-direction:column;gap:6px;font-size:14px;font-weight:500}
input{font:inherit;font-size:16px;min-height:44px;padding:0 14px;border-radius:12px;border:1px solid var(--line);
  background:var(--field);color:var(--ink);width:100%;font-variant-numeric:tabular-nums}
input:focus{outline:none;border-color:var(--accent);box-shadow:0 0 0 3px color-mix(in srgb,var(--accent) 25%,transparent)}
input[aria-invalid=true]{border-color:var(--danger)}
.ltr{direction:ltr;text-align:start}
[dir=rtl] .ltr{text-align:right}
.error{color:var(--danger);font-size:12px;min-height:0}
.error:empty{display:none}
.badge{display:flex;align-items:center;gap:8px;font-size:12px;color:var(--muted)}
.badge svg{flex:none;width:14px;height:14px;fill:none;stroke:var(--ok);stroke-width:2.2}
.brand{font-weight:700;color:var(--ink)}
.hint{font-size:12px;color:var(--muted);margin:0}
.panel{display:flex;flex-direction:column;gap:14px;padding:18px;border-radius:16px;border:1px solid var(--line);background:var(--card)}
h1{font-size:18px;margin:0}
p{margin:0}
.amount{font-size:24px;font-weight:700;font-variant-numeric:tabular-nums}
.buttons{display:flex;gap:10px;flex-wrap:wrap}
button{font:inherit;font-weight:600;min-height:44px;padding:0 18px;border-radius:12px;border:1px solid var(--line);
  background:transparent;color:var(--ink);cursor:pointer;flex:1 1 auto}
button.primary{background:var(--accent);border-color:var(--accent);color:#fff}
button:focus-visible{outline:3px solid color-mix(in srgb,var(--accent) 45%,transparent);outline-offset:2px}
.result{font-weight:600}
.result:empty{display:none}
.result.ok{color:var(--ok)}
.result.no{color:var(--danger)}
`

const LOCK =
  '<svg viewBox="0 0 24 24" aria-hidden="true"><rect x="5" y="11" width="14" height="9" rx="2"/><path d="M8 11V8a4 4 0 0 1 8 0v3"/></svg>'

/** Posts to the parent, which is this origin (CSP frame-ancestors 'self'), and reports height. */
const MESSAGING = `
const post=(message)=>window.parent.postMessage({source:'sandbox-psp',...message},location.origin)
const resize=()=>post({type:'resize',height:Math.ceil(document.documentElement.getBoundingClientRect().height)})
new ResizeObserver(resize).observe(document.documentElement)
`

/**
 * One page. Its color scheme is the casino page's theme (`theme`, which the casino's page sets as
 * its own `color-scheme`): a frame whose scheme differs from its parent's is painted opaque, and
 * these pages are meant to show the dialog through them.
 */
function page(frame: PageFrame, body: string, script: string): string {
  return `<!doctype html>
<html lang="${escapeHtml(frame.lang)}" dir="${frame.dir}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta name="color-scheme" content="${frame.theme}">
<title>${escapeHtml(frame.title)}</title>
<style nonce="${frame.nonce}">:root{${PALETTES[frame.theme]}}${STYLE}</style>
</head>
<body>
${body}
<script nonce="${frame.nonce}">${MESSAGING}${script}</script>
</body>
</html>
`
}

/**
 * The hosted card fields. On `tokenize` from the casino's page they post the card to the PSP's
 * token endpoint (this origin's `/v1/tokens`) and answer `token` with the token and the card's
 * summary, or show each refused field and answer `invalid`.
 */
export function renderCardFields(
  input: Omit<PageFrame, 'title'> & { base: string; t: PspStrings },
) {
  const { t } = input
  const field = (name: string, label: string, attributes: string) =>
    `<label>${escapeHtml(label)}<input id="${name}" name="${name}" ${attributes} aria-describedby="${name}-error"><span class="error" id="${name}-error" role="alert"></span></label>`
  const body = `<form id="card" novalidate>
${field('number', t.number, 'class="ltr" dir="ltr" inputmode="numeric" autocomplete="cc-number" maxlength="23" spellcheck="false" placeholder="1234 1234 1234 1234"')}
<div class="row">
${field('expiry', t.expiry, 'class="ltr" dir="ltr" inputmode="numeric" autocomplete="cc-exp" maxlength="5" placeholder="MM/YY"')}
${field('cvc', t.cvc, 'class="ltr" dir="ltr" inputmode="numeric" autocomplete="cc-csc" maxlength="4" placeholder="123"')}
</div>
${field('holder', t.holder, 'autocomplete="cc-name" maxlength="100" spellcheck="false"')}
<p class="badge">${LOCK}<span><span class="brand">${escapeHtml(t.brand)}</span> · ${escapeHtml(t.secure)}</span></p>
<p class="hint">${escapeHtml(t.test_cards)}</p>
<button type="submit" hidden></button>
</form>`
  const messages = {
    required: t.required,
    number: t.invalid_number,
    expiry_format: t.expiry_format,
    expiry_past: t.expiry_past,
    cvc: t.invalid_cvc,
    unavailable: t.unavailable,
  }
  const script = `
const TEXT=${scriptJson(messages)}
const NAMES=['number','expiry','cvc','holder']
const input=(name)=>document.getElementById(name)
input('number').addEventListener('input',(e)=>{const d=e.target.value.replace(/\\D/g,'').slice(0,19);e.target.value=d.replace(/(\\d{4})(?=\\d)/g,'$1 ')})
input('expiry').addEventListener('input',(e)=>{const d=e.target.value.replace(/\\D/g,'').slice(0,4);e.target.value=d.length>2?d.slice(0,2)+'/'+d.slice(2):d})
input('cvc').addEventListener('input',(e)=>{e.target.value=e.target.value.replace(/\\D/g,'').slice(0,4)})
const show=(problems)=>{for(const name of NAMES){const text=problems[name]?TEXT[problems[name]]||TEXT.required:'';document.getElementById(name+'-error').textContent=text;input(name).setAttribute('aria-invalid',text?'true':'false')}
  const first=NAMES.find((name)=>problems[name]);if(first)input(first).focus()}
document.getElementById('card').addEventListener('submit',(e)=>{e.preventDefault();post({type:'submit'})})
let busy=false
window.addEventListener('message',async(e)=>{
  if(e.source!==window.parent||e.origin!==location.origin||!e.data||e.data.type!=='tokenize'||busy)return
  busy=true
  try{
    const card=Object.fromEntries(NAMES.map((name)=>[name,input(name).value]))
    const response=await fetch(${scriptJson(`${input.base}/v1/tokens`)},{method:'POST',headers:{'content-type':'application/json'},body:JSON.stringify(card)})
    const answer=await response.json().catch(()=>({}))
    if(response.ok&&answer.token){show({});post({type:'token',token:answer.token,card:answer.card})}
    else if(response.status===400&&answer.problems){show(answer.problems);post({type:'invalid'})}
    else post({type:'error',message:TEXT.unavailable})
  }catch{post({type:'error',message:TEXT.unavailable})}
  finally{busy=false}
})
post({type:'ready'})
resize()
`
  return page({ ...input, title: t.brand }, body, script)
}

/** The 3-D Secure challenge: the amount, the card, and the bank's two answers. */
export function renderChallenge(
  input: Omit<PageFrame, 'title'> & {
    t: PspStrings
    amount: string
    card: CardSummary
    /** Set after a decision: what was decided and whether the casino heard it. */
    decided?: { approved: boolean; delivered: boolean } | undefined
    /** The challenge can no longer be answered. */
    expired?: boolean
  },
) {
  const { t } = input
  const card = `${input.card.brand} •••• ${input.card.last4}`
  const text = t.challenge_text
    .replace('{amount}', `<span dir="ltr">${escapeHtml(input.amount)}</span>`)
    .replace('{card}', `<span dir="ltr">${escapeHtml(card)}</span>`)
  let content: string
  if (input.expired) {
    content = `<p class="result no" role="status">${escapeHtml(t.expired)}</p>`
  } else if (input.decided?.delivered) {
    const { approved } = input.decided
    content = `<p class="result ${approved ? 'ok' : 'no'}" role="status">${escapeHtml(approved ? t.approved : t.failed)}</p>`
  } else {
    const retry = input.decided ? escapeHtml(t.not_delivered) : ''
    content = `<p id="outcome" class="result no" role="status">${retry}</p>
<div id="ask"><p class="hint">${escapeHtml(t.challenge_sandbox)}</p>
<form method="post" class="buttons">
<button type="submit" name="decision" value="fail">${escapeHtml(t.fail)}</button>
<button type="submit" name="decision" value="approve" class="primary">${escapeHtml(t.approve)}</button>
</form></div>`
  }
  const body = `<section class="panel" aria-labelledby="title">
<p class="badge">${LOCK}<span class="brand">${escapeHtml(t.brand)} · 3-D Secure</span></p>
<h1 id="title">${escapeHtml(t.challenge_title)}</h1>
<p class="amount" dir="ltr">${escapeHtml(input.amount)}</p>
<p>${text}</p>
${content}
</section>`
  const done = input.decided?.delivered
    ? `post({type:'challenge_done',approved:${String(input.decided.approved)}})`
    : ''
  // The answer is sent by fetch: a form posted inside the frame would add an entry to the
  // casino page's history, and its "back" (closing the dialog) would then go back in the frame.
  const results = { approved: t.approved, failed: t.failed, not_delivered: t.not_delivered }
  const script = `resize()
${done}
const TEXT=${scriptJson(results)}
const form=document.querySelector('form.buttons')
if(form)form.addEventListener('submit',async(e)=>{
  e.preventDefault()
  const decision=e.submitter&&e.submitter.value
  if(!decision)return
  const buttons=[...form.querySelectorAll('button')]
  for(const button of buttons)button.disabled=true
  const outcome=document.getElementById('outcome')
  try{
    const response=await fetch(location.href,{method:'POST',headers:{'content-type':'application/x-www-form-urlencoded',accept:'application/json'},body:'decision='+encodeURIComponent(decision)})
    const answer=await response.json()
    if(!answer.delivered)throw new Error('not delivered')
    outcome.className='result '+(answer.approved?'ok':'no')
    outcome.textContent=answer.approved?TEXT.approved:TEXT.failed
    document.getElementById('ask').remove()
    post({type:'challenge_done',approved:answer.approved})
  }catch{
    outcome.className='result no'
    outcome.textContent=TEXT.not_delivered
    for(const button of buttons)button.disabled=false
  }
  resize()
})`
  return page({ ...input, title: t.challenge_title }, body, script)
}
