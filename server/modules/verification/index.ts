// The verification module's public face: e-mail and phone verification, password reset.
export {
  queueEmailVerification,
  sendEmailVerification,
  sendWelcomeEmail,
  verifyEmail,
  type SendEmailVerificationResult,
} from './email-verification.ts'
export { requestPasswordReset, resetPassword } from './password-reset.ts'
export { confirmPhone, deletePhone, sendPhoneCode } from './phone-verification.ts'
