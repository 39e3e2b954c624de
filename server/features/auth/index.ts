export { sendVerificationMail } from './services/sendVerificationMail';
export { totpEnabled } from './twoFactor';
