import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useDialog } from '#app/components/dialogs/use-dialog.ts'
import { buttonClassName } from '#app/components/ui/button.tsx'
import { DIALOGS } from '#app/lib/dialog-url.ts'

/** Deposit and Withdraw side by side, as the header's menus offer them; `onOpen` closes the menu. */
export function DepositWithdrawLinks({
  onOpen,
  className,
}: {
  onOpen: () => void
  className: string
}) {
  const { t } = useTranslation()
  const { linkTo } = useDialog()
  return (
    <div className={`grid grid-cols-2 gap-2 px-1 ${className}`}>
      <Link {...linkTo(DIALOGS.deposit)} onClick={onOpen} className={buttonClassName('primary')}>
        {t('wallet.deposit')}
      </Link>
      <Link
        {...linkTo(DIALOGS.withdraw)}
        onClick={onOpen}
        className={buttonClassName('secondary')}
        data-testid="open-withdraw"
      >
        {t('wallet.withdraw')}
      </Link>
    </div>
  )
}
