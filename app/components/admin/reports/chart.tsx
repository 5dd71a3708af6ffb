import { useId } from 'react'

export interface ChartSeries {
  label: string
  /** One value per category (amounts in minor units stay bigint: only their ratio is drawn). */
  values: bigint[]
  /** A text-colour class; the shape follows `currentColor`. */
  tone: 'gold' | 'success' | 'danger' | 'muted'
}

interface ChartProps {
  kind: 'bars' | 'lines'
  title: string
  description: string
  /** The x axis: one label per value (days, `YYYY-MM-DD`). */
  categories: string[]
  series: ChartSeries[]
  /** How an axis value reads (money, a count). */
  formatValue: (value: bigint) => string
}

const TONE_CLASS = {
  gold: 'text-gold',
  success: 'text-success',
  danger: 'text-danger',
  muted: 'text-ink-muted',
} as const

const WIDTH = 640
const HEIGHT = 240
const PAD = { top: 12, right: 12, bottom: 28, left: 12 }
const PLOT_W = WIDTH - PAD.left - PAD.right
const PLOT_H = HEIGHT - PAD.top - PAD.bottom

const max = (values: bigint[]) => values.reduce((a, b) => (b > a ? b : a), 0n)
const min = (values: bigint[]) => values.reduce((a, b) => (b < a ? b : a), 0n)

/**
 * Where a value sits between `low` and `high`, from 0 to 1. Note: computed on bigint in
 * millionths, so a sum of minor units past 2^53 never becomes an inexact float before drawing.
 */
function share(value: bigint, low: bigint, high: bigint): number {
  const span = high - low
  if (span === 0n) return 0
  return Number(((value - low) * 1_000_000n) / span) / 1_000_000
}

/**
 * A small hand-drawn SVG chart for the reports: bars (grouped per category) or lines. It is an
 * image with a title and a description for screen readers; the page puts the table of the same
 * figures beside it, which is where exact numbers are read.
 */
export function Chart({ kind, title, description, categories, series, formatValue }: ChartProps) {
  const id = useId()
  const all = series.flatMap((one) => one.values)
  // Bars and lines start from zero, and go below it when a value is negative (a losing day).
  const high = max(all)
  const low = min(all)
  const y = (value: bigint) => PAD.top + PLOT_H - share(value, low, high) * PLOT_H
  const zeroY = y(0n)
  const slot = categories.length === 0 ? PLOT_W : PLOT_W / categories.length
  const labelEvery = Math.max(1, Math.ceil(categories.length / 8))

  return (
    <figure className="flex flex-col gap-2 rounded-2xl border border-line bg-surface-raised p-3">
      <figcaption className="text-sm font-semibold text-ink">{title}</figcaption>
      <svg
        viewBox={`0 0 ${String(WIDTH)} ${String(HEIGHT)}`}
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        className="h-auto w-full"
      >
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{description}</desc>
        <line
          x1={PAD.left}
          x2={WIDTH - PAD.right}
          y1={zeroY}
          y2={zeroY}
          className="text-line"
          stroke="currentColor"
        />
        <text x={PAD.left + 2} y={PAD.top + 10} className="fill-ink-muted text-[13px]">
          {formatValue(high)}
        </text>
        {low < 0n ? (
          <text x={PAD.left + 2} y={HEIGHT - PAD.bottom - 2} className="fill-ink-muted text-[13px]">
            {formatValue(low)}
          </text>
        ) : null}
        {kind === 'bars'
          ? categories.map((category, index) => {
              const barW = (slot * 0.8) / Math.max(1, series.length)
              return series.map((one, seriesIndex) => {
                const value = one.values[index] ?? 0n
                const top = Math.min(y(value), zeroY)
                return (
                  <rect
                    key={`${category}-${one.label}`}
                    x={PAD.left + index * slot + slot * 0.1 + seriesIndex * barW}
                    y={top}
                    width={Math.max(1, barW - 1)}
                    height={Math.max(value === 0n ? 0 : 1, Math.abs(y(value) - zeroY))}
                    className={TONE_CLASS[one.tone]}
                    fill="currentColor"
                  />
                )
              })
            })
          : series.map((one) => (
              <polyline
                key={one.label}
                points={one.values
                  .map(
                    (value, index) =>
                      `${String(PAD.left + index * slot + slot / 2)},${String(y(value))}`,
                  )
                  .join(' ')}
                fill="none"
                stroke="currentColor"
                strokeWidth={2}
                className={TONE_CLASS[one.tone]}
              />
            ))}
        {categories.map((category, index) =>
          index % labelEvery === 0 ? (
            <text
              key={category}
              x={PAD.left + index * slot + slot / 2}
              y={HEIGHT - 8}
              textAnchor="middle"
              className="fill-ink-muted text-[13px]"
            >
              {category.slice(5)}
            </text>
          ) : null,
        )}
      </svg>
      <ul className="flex flex-wrap gap-3 text-xs text-ink-muted" aria-hidden="true">
        {series.map((one) => (
          <li key={one.label} className="inline-flex items-center gap-1.5">
            <span className={`inline-block size-3 rounded-sm bg-current ${TONE_CLASS[one.tone]}`} />
            {one.label}
          </li>
        ))}
      </ul>
    </figure>
  )
}

/** Every UTC day from `from` to `to`, both included (the chart's categories). */
export function daysFrom(from: string, to: string): string[] {
  const days: string[] = []
  const end = Date.parse(`${to}T00:00:00Z`)
  for (
    let at = Date.parse(`${from}T00:00:00Z`);
    at <= end && days.length <= 366;
    at += 86_400_000
  ) {
    days.push(new Date(at).toISOString().slice(0, 10))
  }
  return days
}
