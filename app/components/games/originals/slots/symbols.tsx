import type { SlotSymbol } from '#app/lib/fairness.ts'

/** The Slots symbols as inline SVG (no images to fetch, crisp at any size). */
export function SymbolArt({ symbol }: { symbol: SlotSymbol }) {
  switch (symbol) {
    case 'cherry':
      return (
        <svg viewBox="0 0 48 48" aria-hidden="true" className="size-full">
          <path
            d="M24 6c-2 8-8 14-12 20M24 6c2 8 6 14 10 18"
            stroke="#3ddc97"
            strokeWidth="3"
            fill="none"
            strokeLinecap="round"
          />
          <path d="M24 6c5-2 10 0 12 4-5 1-9 0-12-4z" fill="#3ddc97" />
          <circle cx="13" cy="32" r="9" fill="#e5304a" />
          <circle cx="34" cy="30" r="9" fill="#ff4d66" />
          <circle cx="10" cy="29" r="2.5" fill="#ffc2cb" />
          <circle cx="31" cy="27" r="2.5" fill="#ffc2cb" />
        </svg>
      )
    case 'lemon':
      return (
        <svg viewBox="0 0 48 48" aria-hidden="true" className="size-full">
          <ellipse cx="24" cy="25" rx="17" ry="12" fill="#ffe14d" transform="rotate(-20 24 25)" />
          <ellipse
            cx="24"
            cy="25"
            rx="13"
            ry="8"
            fill="#fff08a"
            transform="rotate(-20 24 25)"
            opacity=".6"
          />
          <circle cx="40" cy="17" r="3" fill="#e6c400" />
        </svg>
      )
    case 'orange':
      return (
        <svg viewBox="0 0 48 48" aria-hidden="true" className="size-full">
          <circle cx="24" cy="27" r="16" fill="#ff9a1f" />
          <circle cx="18" cy="21" r="4" fill="#ffc27a" />
          <path d="M24 11c2-5 8-6 11-4-3 4-7 5-11 4z" fill="#3ddc97" />
        </svg>
      )
    case 'plum':
      return (
        <svg viewBox="0 0 48 48" aria-hidden="true" className="size-full">
          <path d="M24 10c10 0 16 8 16 17s-7 15-16 15S8 36 8 27s6-17 16-17z" fill="#8b4cd9" />
          <path d="M24 12c-2 8-2 18 0 28" stroke="#6a2fb5" strokeWidth="2" fill="none" />
          <circle cx="16" cy="22" r="3" fill="#c9a3ff" />
          <path d="M24 10c0-3 2-5 5-6" stroke="#3ddc97" strokeWidth="3" fill="none" />
        </svg>
      )
    case 'bell':
      return (
        <svg viewBox="0 0 48 48" aria-hidden="true" className="size-full">
          <path d="M24 6c-9 0-13 7-13 16v8l-4 6h34l-4-6v-8c0-9-4-16-13-16z" fill="#f5c451" />
          <path
            d="M15 22c0-6 3-10 7-11"
            stroke="#fff1c4"
            strokeWidth="3"
            fill="none"
            strokeLinecap="round"
          />
          <circle cx="24" cy="40" r="4" fill="#e2a72e" />
        </svg>
      )
    case 'bar':
      return (
        <svg viewBox="0 0 48 48" aria-hidden="true" className="size-full">
          <rect
            x="4"
            y="14"
            width="40"
            height="20"
            rx="4"
            fill="#1c2230"
            stroke="#f3f5f9"
            strokeWidth="2.5"
          />
          <text
            x="24"
            y="29.5"
            textAnchor="middle"
            fontSize="13"
            fontWeight="900"
            fill="#f3f5f9"
            fontFamily="system-ui, sans-serif"
          >
            BAR
          </text>
        </svg>
      )
    case 'seven':
      return (
        <svg viewBox="0 0 48 48" aria-hidden="true" className="size-full">
          <text
            x="24"
            y="40"
            textAnchor="middle"
            fontSize="40"
            fontWeight="900"
            fill="#ff3b5c"
            stroke="#ffd976"
            strokeWidth="2"
            fontFamily="system-ui, sans-serif"
          >
            7
          </text>
        </svg>
      )
    case 'wild':
      return (
        <svg viewBox="0 0 48 48" aria-hidden="true" className="size-full">
          <path
            d="M24 3l6 13 14 2-10 10 3 14-13-7-13 7 3-14L4 18l14-2z"
            fill="#ffd976"
            stroke="#e2a72e"
            strokeWidth="2"
          />
          <text
            x="24"
            y="31"
            textAnchor="middle"
            fontSize="7.5"
            fontWeight="900"
            fill="#1a1405"
            fontFamily="system-ui, sans-serif"
          >
            WILD
          </text>
        </svg>
      )
  }
}
