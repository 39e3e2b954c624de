export type { Mailer } from './mailer';
export {
  emailChangeMail,
  emailChangeNoticeMail,
  passwordResetMail,
  staffInvitationMail,
  verificationMail,
} from './templates';
