import { COMPANY_NAME } from '../../shared/constants.js'

/** The wordmark: a roof line over the name. Text, not an image, so it is crisp and translatable. */
export function Logo({ large = false }: { large?: boolean }) {
  return (
    <span className={`logo${large ? ' logo--large' : ''}`}>
      <svg viewBox="0 0 40 24" aria-hidden="true" className="logo__mark">
        <path
          d="M2 22h36M8 22V11l12-8 12 8v11"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinejoin="round"
        />
      </svg>
      <span className="logo__name">{COMPANY_NAME}</span>
    </span>
  )
}
