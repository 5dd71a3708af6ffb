import type { PaymentInfo } from '#server/modules/payments/payments.contract.ts'

/**
 * The deposit dialog: five ordered steps, numbered 1 to 5. The dialog opens at FirstStep
 * (a method may name its own `firstStep`) and passes over the steps that have nothing to ask.
 */
export const DEPOSIT_STEPS = {
  paymentMethods: 1,
  amount: 2,
  playerInfo: 3,
  savedAccounts: 4,
  methodInfo: 5,
} as const
export type DepositStep = (typeof DEPOSIT_STEPS)[keyof typeof DEPOSIT_STEPS]
export const FIRST_STEP: DepositStep = DEPOSIT_STEPS.paymentMethods
const ALL_STEPS: readonly DepositStep[] = [1, 2, 3, 4, 5]

/** The deposit steps analytics tracks (saved accounts is not one of them). */
export const TRACKED_STEPS: Partial<Record<DepositStep, string>> = {
  1: 'payment methods',
  2: 'amount',
  3: 'player info',
  5: 'method info',
}

type StepMethod = Pick<PaymentInfo, 'playerFields' | 'savedProfiles' | 'methodFields' | 'firstStep'>

/** What the player has chosen so far that changes which steps ask something. */
export interface StepChoices {
  /** A saved account is picked on step 4: step 5 then asks only what was not saved. */
  savedProfileId: string | null
}

/**
 * The method fields still to ask: with a saved account only the unsaved ones, and never the
 * card provider's hosted fields (the saved card's token pays).
 */
export function fieldsToAsk(
  method: Pick<PaymentInfo, 'methodFields'>,
  choices: StepChoices,
): PaymentInfo['methodFields'] {
  if (choices.savedProfileId === null) return method.methodFields
  return method.methodFields.filter((field) => field.saved !== true && field.type !== 'hosted_card')
}

/**
 * The steps this method shows, in order; step 1 (choosing the method) always shows.
 *
 * The counter's rule ("Step 2 of 4"): the journey is decided by the method alone, once it is
 * chosen, and never by later choices, so the total cannot jump while the player goes through it.
 * Step 5 stays when a saved account leaves nothing to type there: it then confirms what pays.
 * Before a method is chosen no total is shown (the dialog cannot know it yet).
 */
export function stepsFor(method: StepMethod | null): DepositStep[] {
  if (!method) return [FIRST_STEP]
  return ALL_STEPS.filter((step) => {
    switch (step) {
      case 1:
      case 2:
        return true
      case 3:
        return method.playerFields.length > 0
      case 4:
        return method.savedProfiles.length > 0
      case 5:
        return method.methodFields.length > 0
    }
  })
}

/** Where the dialog opens for a method: its `firstStep`, or the next step that asks something. */
export function openingStep(method: StepMethod | null): DepositStep {
  if (!method) return FIRST_STEP
  const steps = stepsFor(method)
  return steps.find((step) => step >= method.firstStep) ?? steps.at(-1) ?? FIRST_STEP
}

/** The step after `step`, or null when `step` is the last one (its button sends the deposit). */
export function nextStep(method: StepMethod | null, step: DepositStep): DepositStep | null {
  return stepsFor(method).find((candidate) => candidate > step) ?? null
}

/** The step before `step`, or null on the first. */
export function previousStep(method: StepMethod | null, step: DepositStep): DepositStep | null {
  return (
    stepsFor(method)
      .filter((candidate) => candidate < step)
      .at(-1) ?? null
  )
}
