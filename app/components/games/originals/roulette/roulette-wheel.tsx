import { RED_NUMBERS } from '#app/lib/fairness.ts'

/** The European wheel's pockets clockwise from zero. */
export const WHEEL_ORDER = [
  0, 32, 15, 19, 4, 21, 2, 25, 17, 34, 6, 27, 13, 36, 11, 30, 8, 23, 10, 5, 24, 16, 33, 1, 20, 14,
  31, 9, 22, 18, 29, 7, 28, 12, 35, 3, 26,
]

const STEP = 360 / WHEEL_ORDER.length
const polar = (radius: number, degrees: number) => {
  const radians = ((degrees - 90) * Math.PI) / 180
  return `${(100 + radius * Math.cos(radians)).toFixed(2)} ${(100 + radius * Math.sin(radians)).toFixed(2)}`
}

/**
 * The wheel: it turns by `rotation` degrees (eased over `durationMs`) so the pocket that came
 * out stops under the pointer at the top; the ball sits in it once it has stopped.
 */
export function RouletteWheel({
  rotation,
  isSpinning,
  durationMs,
  pocket,
}: {
  rotation: number
  isSpinning: boolean
  durationMs: number
  pocket: number | null
}) {
  return (
    <div className="relative size-52 shrink-0 sm:size-60" data-testid="roulette-wheel">
      <svg
        viewBox="0 0 200 200"
        className="size-full drop-shadow-[0_8px_24px_rgb(0_0_0/0.5)]"
        aria-hidden="true"
      >
        <circle cx="100" cy="100" r="99" fill="#5b3a12" />
        <circle cx="100" cy="100" r="93" fill="#2b1a08" />
        <g
          style={{
            transform: `rotate(${String(rotation)}deg)`,
            transformOrigin: '100px 100px',
            transition: isSpinning
              ? `transform ${String(durationMs)}ms cubic-bezier(0.15, 0.6, 0.2, 1)`
              : 'none',
          }}
        >
          {WHEEL_ORDER.map((n, index) => {
            const start = index * STEP - STEP / 2
            const end = start + STEP
            const fill = n === 0 ? '#0f8a4f' : RED_NUMBERS.has(n) ? '#c8102e' : '#161a22'
            return (
              <g key={n}>
                <path
                  d={`M ${polar(90, start)} A 90 90 0 0 1 ${polar(90, end)} L ${polar(58, end)} A 58 58 0 0 0 ${polar(58, start)} Z`}
                  fill={fill}
                  stroke="#d9b36a"
                  strokeWidth="0.6"
                />
                <text
                  x="100"
                  y="19"
                  transform={`rotate(${String(index * STEP)} 100 100)`}
                  textAnchor="middle"
                  fontSize="8"
                  fontWeight="800"
                  fill="#fff"
                  fontFamily="system-ui, sans-serif"
                >
                  {n}
                </text>
              </g>
            )
          })}
          <circle cx="100" cy="100" r="58" fill="#3a250c" stroke="#d9b36a" strokeWidth="1" />
          <circle cx="100" cy="100" r="40" fill="#6b4416" />
          {Array.from({ length: 4 }, (_, arm) => (
            <rect
              key={arm}
              x="97"
              y="50"
              width="6"
              height="100"
              rx="3"
              fill="#d9b36a"
              transform={`rotate(${String(arm * 45)} 100 100)`}
            />
          ))}
          <circle cx="100" cy="100" r="9" fill="#f5c451" />
        </g>
        {/* The ball rests under the pointer once the wheel has stopped. */}
        {pocket !== null && !isSpinning ? (
          <circle cx="100" cy="32" r="5" fill="#fff" stroke="#bbb" strokeWidth="0.8" />
        ) : null}
        <path d="M100 12 l-7 -10 h14 z" fill="#f5c451" stroke="#1a1405" strokeWidth="1" />
      </svg>
      {pocket !== null && !isSpinning ? (
        <div
          className={`absolute inset-0 m-auto flex size-14 items-center justify-center rounded-full border-2 border-gold text-2xl font-black text-white shadow-lg motion-safe:animate-[roulette-chip_240ms_ease-out] ${
            pocket === 0
              ? 'bg-[#0f8a4f]'
              : RED_NUMBERS.has(pocket)
                ? 'bg-[#c8102e]'
                : 'bg-[#161a22]'
          }`}
          data-testid="roulette-pocket"
        >
          {pocket}
        </div>
      ) : null}
    </div>
  )
}
