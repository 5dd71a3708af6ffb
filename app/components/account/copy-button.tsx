import { useTranslation } from 'react-i18next'
import { Button } from '#app/components/ui/button.tsx'
import { useClipboard } from '#app/lib/format/clipboard.ts'
import { showToast } from '#app/state/toast-store.ts'

/** Copies `text`; the label reads "Copied" for a moment after, announced politely. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const { t } = useTranslation()
  const { copy, isCopied } = useClipboard()
  return (
    <Button
      type="button"
      variant="secondary"
      className="shrink-0"
      onClick={() =>
        void copy(text).then((isDone) => {
          if (!isDone) showToast({ tone: 'error', title: t('account.security.copy_failed') })
        })
      }
    >
      <span aria-live="polite">{isCopied ? t('account.security.copied') : label}</span>
    </Button>
  )
}
