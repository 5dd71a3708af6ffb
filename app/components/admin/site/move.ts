export type Move = 'up' | 'down'

/** The list with the entry at `index` swapped with its neighbour; unchanged at either end. */
export function moved<T>(list: readonly T[], index: number, direction: Move): T[] {
  const other = direction === 'up' ? index - 1 : index + 1
  const here = list[index]
  const there = list[other]
  if (here === undefined || there === undefined) return [...list]
  const next = [...list]
  next[index] = there
  next[other] = here
  return next
}
