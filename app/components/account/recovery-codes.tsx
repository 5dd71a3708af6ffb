import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '#app/components/ui/button.tsx'
import { CopyButton } from './copy-button.tsx'

/** The recovery codes, shown once right after two-factor is turned on. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation()
  const headingRef = useRef<HTMLHeadingElement>(null)
  // The form that had focus is gone: take it to the news.
  useEffect(() => headingRef.current?.focus(), [])
  return (
    <div className="flex flex-col gap-4" data-testid="recovery-codes">
      <h3 ref={headingRef} tabIndex={-1} className="text-sm font-bold text-success">
        {t('account.security.enabled_title')}
      </h3>
      <p className="text-sm text-ink-muted">
        {t('account.security.recovery_text', { count: codes.length })}
      </p>
      <ol
        dir="ltr"
        className="grid max-w-md grid-cols-1 gap-2 rounded-xl border border-line bg-surface p-4 font-mono text-sm text-ink xs:grid-cols-2"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-3">
        <CopyButton text={codes.join('\n')} label={t('account.security.copy_codes')} />
        <Button type="button" onClick={onDone}>
          {t('account.security.codes_saved')}
        </Button>
      </div>
    </div>
  )
}
