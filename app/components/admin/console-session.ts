import { createContext, useContext } from 'react'
import type { OperatorRole } from '#common/back-office.ts'

export interface ConsoleOperator {
  id: string
  email: string
  name: string
  roles: OperatorRole[]
}

export interface ConsoleSession {
  operator: ConsoleOperator | null
  /** A call answered 401: the session ended (idle, signed out elsewhere); show the sign-in. */
  onSessionEnded: () => void
}

const NO_SESSION: ConsoleSession = { operator: null, onSessionEnded: () => undefined }

export const ConsoleSessionContext = createContext<ConsoleSession>(NO_SESSION)

export const useConsoleSession = () => useContext(ConsoleSessionContext)

/** Whether the operator holds one of `roles`; admin holds them all. The server decides anyway. */
export function holdsRole(
  operator: Pick<ConsoleOperator, 'roles'> | null,
  roles: readonly OperatorRole[],
): boolean {
  return (
    operator !== null &&
    operator.roles.some((role) => role === 'admin' || roles.includes(role))
  )
}
