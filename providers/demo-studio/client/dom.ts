// Small DOM helpers shared by the shell and the renderers (browser code).

/**
 * Adds CSS under the page's CSP: a `<style>` carrying the nonce of the page's own style element
 * (the policy allows no other inline style).
 */
export function addStyle(css: string): void {
  const style = document.createElement('style')
  const nonce = document.querySelector<HTMLStyleElement>('style[nonce]')?.nonce
  if (nonce) style.nonce = nonce
  style.textContent = css
  document.head.append(style)
}

/** An element with attributes and children; `text` sets its text, never HTML. */
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string | boolean | undefined> = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag)
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === false) continue
    if (name === 'text') element.textContent = String(value)
    else if (name === 'class') element.className = String(value)
    else element.setAttribute(name, value === true ? '' : value)
  }
  element.append(...children)
  return element
}

/** Waits, or not at all when the player asked for less motion. */
export const pause = (ms: number, reduced = false) =>
  new Promise<void>((resolve) => setTimeout(resolve, reduced ? Math.min(ms, 60) : ms))
