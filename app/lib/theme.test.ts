import { describe, expect, it } from 'vitest'
import { resolveTheme, THEME_BOOT_SCRIPT, THEME_STORAGE_KEY, THEMES } from './theme.ts'

describe('colour theme', () => {
  it('follows the operating system only for the system preference', () => {
    expect(resolveTheme('system', true)).toBe('dark')
    expect(resolveTheme('system', false)).toBe('light')
    expect(resolveTheme('light', true)).toBe('light')
    expect(resolveTheme('dark', false)).toBe('dark')
  })

  it('boots from the same storage key and the same three values, dark when nothing is stored', () => {
    expect(THEME_BOOT_SCRIPT).toContain(JSON.stringify(THEME_STORAGE_KEY))
    for (const theme of THEMES) expect(THEME_BOOT_SCRIPT).toContain(`'${theme}'`)
    const run = (stored: string | null, systemIsDark: boolean) => {
      const classes = new Set<string>()
      const root = {
        classList: {
          toggle: (name: string, on: boolean) => (on ? classes.add(name) : classes.delete(name)),
        },
        dataset: {} as Record<string, string>,
        style: {} as Record<string, string>,
      }
      // Runs the inline script exactly as the browser gets it, with stand-ins for its globals.
      // eslint-disable-next-line @typescript-eslint/no-implied-eval
      const boot = new Function('localStorage', 'matchMedia', 'document', THEME_BOOT_SCRIPT) as (
        ...globals: unknown[]
      ) => void
      boot({ getItem: () => stored }, () => ({ matches: systemIsDark }), { documentElement: root })
      return root.dataset.theme
    }
    expect(run(null, false)).toBe('dark')
    expect(run('light', true)).toBe('light')
    expect(run('system', false)).toBe('light')
    expect(run('system', true)).toBe('dark')
    expect(run('bogus', false)).toBe('dark')
  })
})
