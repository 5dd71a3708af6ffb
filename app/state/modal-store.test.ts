import { beforeEach, describe, expect, it } from 'vitest'
import { modalZIndex, useModalStore } from './modal-store.ts'

const store = () => useModalStore.getState()

beforeEach(() => {
  useModalStore.setState({ modals: {}, stack: [], confirming: null })
})

describe('modal registry', () => {
  it('opens and closes a modal, keeping isOpen, needConfirmation and initialConfirmation', () => {
    store().register('search')
    store().open('search')
    expect(store().modals.search).toEqual({
      isOpen: true,
      needConfirmation: false,
      initialConfirmation: false,
    })
    expect(store().requestClose('search')).toBe(true)
    expect(store().modals.search?.isOpen).toBe(false)
    expect(store().stack).toEqual([])
  })

  it('stacks modals in opening order and gives each a layer 2 above the one below', () => {
    store().open('language')
    store().open('search')
    expect(store().stack).toEqual(['language', 'search'])
    expect(store().stack.map((_, index) => modalZIndex(index))).toEqual([1000, 1002])
    // Reopening moves a modal to the top instead of stacking it twice.
    store().open('language')
    expect(store().stack).toEqual(['search', 'language'])
  })

  it('asks before closing a modal that needs confirmation', () => {
    store().register('deposit', { initialConfirmation: true })
    store().open('deposit')
    expect(store().requestClose('deposit')).toBe(false)
    expect(store().confirming).toBe('deposit')
    expect(store().modals.deposit?.isOpen).toBe(true)
    store().cancelClose()
    expect(store().confirming).toBeNull()
    store().close('deposit')
    expect(store().modals.deposit?.isOpen).toBe(false)
  })

  it('close-all clears confirmations, closes every modal, then restores initial confirmation', () => {
    store().register('deposit', { initialConfirmation: true })
    store().register('search')
    store().open('deposit')
    store().open('search')
    store().setNeedConfirmation('search', true)
    store().requestClose('deposit')
    const seen: { deposit: boolean | undefined; open: number }[] = []
    const unsubscribe = useModalStore.subscribe((state) =>
      seen.push({ deposit: state.modals.deposit?.needConfirmation, open: state.stack.length }),
    )
    store().closeAll()
    unsubscribe()
    expect(seen).toEqual([
      { deposit: false, open: 2 },
      { deposit: false, open: 0 },
      { deposit: true, open: 0 },
    ])
    expect(store().confirming).toBeNull()
    expect(store().modals.search).toMatchObject({ isOpen: false, needConfirmation: false })
    expect(store().modals.deposit).toMatchObject({ isOpen: false, needConfirmation: true })
  })

  it('treats closing a modal that is not open as done', () => {
    expect(store().requestClose('never-opened')).toBe(true)
  })
})
