/**
 * `compute` remembered per key, for a pure function on a hot path whose result is worth keeping
 * (a hash on every call showed in CPU profiles). At `max` keys it starts over rather than
 * tracking use: forgotten keys only cost one more computation.
 */
export function remembered<T>(compute: (key: string) => T, max: number): (key: string) => T {
  const known = new Map<string, T>()
  return (key) => {
    if (known.has(key)) return known.get(key) as T
    if (known.size >= max) known.clear()
    const value = compute(key)
    known.set(key, value)
    return value
  }
}
