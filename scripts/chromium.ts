/**
 * Debian's Chromium, which the end-to-end suite and the Lighthouse bench drive (never a
 * downloaded browser), with the flags that let it run headless as root on these machines.
 */
export const CHROMIUM_PATH = '/usr/bin/chromium'
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
]
