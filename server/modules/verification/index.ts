// The verification module's public surface: one-time links and codes, password reset, routes.
export {
  queueEmailVerification,
  sendEmailVerification,
  sendWelcomeEmail,
  verifyEmail,
  type SendEmailVerificationResult,
} from './email-verification.ts'
export { requestPasswordReset, resetPassword } from './password-reset.ts'
export { confirmPhone, deletePhone, sendPhoneCode } from './phone-verification.ts'
export { verificationRoutes, type VerificationRoutesOptions } from './verification.routes.ts'
