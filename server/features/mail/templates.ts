import type { Locale } from '../../../common/enums';

export interface Template {
  subject: string;
  text: string;
}

const sign = {
  ja: '\n\n──────────\nZooPass（動物園・水族館のチケットといきものガイド）\nこのメールは送信専用です。お心当たりのない場合は破棄してください。',
  en: '\n\n──────────\nZooPass (tickets and animal guide for zoos and aquariums)\nThis address does not receive replies. If you did not expect this e-mail, please ignore it.',
};

export function verificationMail(locale: Locale, name: string, link: string): Template {
  return locale === 'en'
    ? {
        subject: '[ZooPass] Please confirm your e-mail address',
        text: `Hello ${name},\n\nThank you for signing up for ZooPass. Open the link below within 10 minutes to complete your registration:\n\n${link}\n\nIf the link has expired, you can request a new one from the sign-in page.${sign.en}`,
      }
    : {
        subject: '【ZooPass】メールアドレスの確認をお願いします',
        text: `${name} 様\n\nZooPassへのご登録ありがとうございます。\n以下のリンクを10分以内に開いて、登録を完了してください。\n\n${link}\n\nリンクの有効期限が切れた場合は、ログイン画面から確認メールを再送できます。${sign.ja}`,
      };
}

export function passwordResetMail(locale: Locale, name: string, link: string): Template {
  return locale === 'en'
    ? {
        subject: '[ZooPass] Reset your password',
        text: `Hello ${name},\n\nWe received a request to reset your password. Open the link below within 60 minutes to set a new password:\n\n${link}\n\nIf you did not ask for this, you can ignore this e-mail; your password stays the same.${sign.en}`,
      }
    : {
        subject: '【ZooPass】パスワード再設定のご案内',
        text: `${name} 様\n\nパスワード再設定のお申し込みを受け付けました。\n以下のリンクを60分以内に開いて、新しいパスワードを設定してください。\n\n${link}\n\nお心当たりのない場合は、このメールを破棄してください。パスワードは変更されません。${sign.ja}`,
      };
}

export function emailChangeMail(locale: Locale, name: string, link: string): Template {
  return locale === 'en'
    ? {
        subject: '[ZooPass] Confirm your new e-mail address',
        text: `Hello ${name},\n\nYou asked to use this address for your ZooPass account. Open the link below within 10 minutes to confirm it:\n\n${link}\n\nUntil then your account keeps its current address.${sign.en}`,
      }
    : {
        subject: '【ZooPass】新しいメールアドレスの確認',
        text: `${name} 様\n\nZooPassアカウントのメールアドレスをこのアドレスに変更するお申し込みを受け付けました。\n以下のリンクを10分以内に開いて、変更を完了してください。\n\n${link}\n\n完了するまでは、現在のメールアドレスのままです。${sign.ja}`,
      };
}

export function emailChangeNoticeMail(locale: Locale, name: string, newEmail: string): Template {
  return locale === 'en'
    ? {
        subject: '[ZooPass] Your e-mail address is about to change',
        text: `Hello ${name},\n\nSomeone signed in to your ZooPass account asked to change its e-mail address to ${newEmail}. It changes only when the link sent to that address is opened.\n\nIf this was not you, change your password now and contact us: your account keeps this address until then.${sign.en}`,
      }
    : {
        subject: '【ZooPass】メールアドレス変更のお知らせ',
        text: `${name} 様\n\nZooPassアカウントのメールアドレスを ${newEmail} に変更するお申し込みがありました。変更は、新しいアドレスに届いたリンクが開かれたときに完了します。\n\nお心当たりのない場合は、すぐにパスワードを変更し、お問い合わせください。それまではこのアドレスのままです。${sign.ja}`,
      };
}

const ROLE_LABELS = {
  owner: { ja: 'オーナー', en: 'owner' },
  editor: { ja: '編集者', en: 'editor' },
  scanner: { ja: '入場チェック', en: 'gate scanner' },
  finance: { ja: '経理', en: 'finance' },
} as const;

/** An owner invites someone to the park's staff: the link adds the role to the account of this address. */
export function staffInvitationMail(
  locale: Locale,
  park: string,
  role: keyof typeof ROLE_LABELS,
  link: string,
  days: number,
): Template {
  return locale === 'en'
    ? {
        subject: `[ZooPass] You are invited to the staff of ${park}`,
        text: `Hello,\n\nYou are invited to join the staff of ${park} on ZooPass as ${ROLE_LABELS[role].en}. Sign in (or sign up) with this e-mail address and open the link below within ${days} days to accept:\n\n${link}${sign.en}`,
      }
    : {
        subject: `【ZooPass】${park}のスタッフに招待されました`,
        text: `ZooPassの${park}のスタッフ（${ROLE_LABELS[role].ja}）に招待されました。\nこのメールアドレスでログイン（または新規登録）してから、${days}日以内に以下のリンクを開いて招待を受けてください。\n\n${link}${sign.ja}`,
      };
}
