import { useCallback } from 'react'
import type { OperatorRole } from '#common/back-office.ts'
import { holdsRole, useConsoleSession, type ConsoleOperator } from './console-session.ts'

/**
 * The signed-in operator and what they may do: `can('finance')` hides an action the server would
 * refuse anyway (403), so nobody is offered a button that cannot work.
 */
export function useOperator(): {
  operator: ConsoleOperator
  can: (...roles: OperatorRole[]) => boolean
} {
  const { operator } = useConsoleSession()
  const can = useCallback((...roles: OperatorRole[]) => holdsRole(operator, roles), [operator])
  if (!operator) throw new Error('useOperator outside a signed-in console page')
  return { operator, can }
}
