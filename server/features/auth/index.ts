export { jobs } from './jobs';
export { sendVerificationMail } from './services/sendVerificationMail';
export { totpEnabled } from './twoFactor';
