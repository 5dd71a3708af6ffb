import { create } from 'zustand'

/** The first modal layer sits at z-index 1000, each stacked one 2 higher. */
export const MODAL_BASE_Z_INDEX = 1000
export const MODAL_Z_INDEX_STEP = 2

/** A modal registry entry. */
export interface ModalEntry {
  isOpen: boolean
  /** Closing asks the player first (a form with unsaved input, a payment in progress). */
  needConfirmation: boolean
  /** What needConfirmation returns to after a close-all (the modal's own default). */
  initialConfirmation: boolean
}

interface ModalState {
  modals: Record<string, ModalEntry>
  /** Open modals, bottom first: the order fixes each one's layer. */
  stack: string[]
  /** The modal whose close is waiting for the player's confirmation. */
  confirming: string | null
  register: (id: string, options?: { initialConfirmation?: boolean }) => void
  open: (id: string) => void
  /** Closes at once, or asks first when the modal needs confirmation; true when it closed. */
  requestClose: (id: string) => boolean
  /** Closes without asking (the player confirmed, or the URL no longer names the dialog). */
  close: (id: string) => void
  cancelClose: () => void
  setNeedConfirmation: (id: string, needConfirmation: boolean) => void
  /** Clears confirmations, closes every modal, then restores initial confirmation. */
  closeAll: () => void
}

const entry = (initialConfirmation = false): ModalEntry => ({
  isOpen: false,
  needConfirmation: initialConfirmation,
  initialConfirmation,
})

export const useModalStore = create<ModalState>()((set, get) => ({
  modals: {},
  stack: [],
  confirming: null,
  register: (id, options = {}) =>
    set((state) =>
      state.modals[id]
        ? state
        : { modals: { ...state.modals, [id]: entry(options.initialConfirmation) } },
    ),
  open: (id) =>
    set((state) => {
      const current = state.modals[id] ?? entry()
      return {
        modals: { ...state.modals, [id]: { ...current, isOpen: true } },
        stack: [...state.stack.filter((open) => open !== id), id],
      }
    }),
  requestClose: (id) => {
    const modal = get().modals[id]
    if (!modal?.isOpen) return true
    if (modal.needConfirmation) {
      set({ confirming: id })
      return false
    }
    get().close(id)
    return true
  },
  close: (id) =>
    set((state) => {
      const current = state.modals[id]
      if (!current) return state
      return {
        modals: { ...state.modals, [id]: { ...current, isOpen: false } },
        stack: state.stack.filter((open) => open !== id),
        confirming: state.confirming === id ? null : state.confirming,
      }
    }),
  cancelClose: () => set({ confirming: null }),
  setNeedConfirmation: (id, needConfirmation) =>
    set((state) => {
      const current = state.modals[id] ?? entry()
      return { modals: { ...state.modals, [id]: { ...current, needConfirmation } } }
    }),
  closeAll: () => {
    const clear = (modals: Record<string, ModalEntry>, map: (m: ModalEntry) => ModalEntry) =>
      Object.fromEntries(Object.entries(modals).map(([id, modal]) => [id, map(modal)]))
    // Three steps, in the spec's order, so a modal that needs confirmation cannot veto the close.
    set((state) => ({
      modals: clear(state.modals, (modal) => ({ ...modal, needConfirmation: false })),
      confirming: null,
    }))
    set((state) => ({
      modals: clear(state.modals, (modal) => ({ ...modal, isOpen: false })),
      stack: [],
    }))
    set((state) => ({
      modals: clear(state.modals, (modal) => ({
        ...modal,
        needConfirmation: modal.initialConfirmation,
      })),
    }))
  },
}))

/** The z-index of a modal's layer, from its place in the stack (bottom is 0). */
export function modalZIndex(stackIndex: number): number {
  return MODAL_BASE_Z_INDEX + MODAL_Z_INDEX_STEP * stackIndex
}
