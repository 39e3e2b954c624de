import type { Request, ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import { isLocale, type Locale } from '../../../common/enums';
import { fields, route } from '../../lib/typedInput';
import { devMailbox } from './devMailbox';
import { mailListPage, mailPage } from './devMailPages';

/** The app's language cookie (the PWA's switch), else the request's language. */
const pageLocale = (request: Pick<Request, 'state' | 'app'>): Locale => {
  const cookie = request.state.locale as unknown;
  return typeof cookie === 'string' && isLocale(cookie) ? cookie : request.app.locale;
};

/** DEMO=true without SMTP_URL only: the mails the app would have sent, readable by anyone at /dev/mail. */
export function devMailRoutes(dataDir: string): ServerRoute[] {
  const mailbox = devMailbox(dataDir);
  return [
    {
      method: 'GET',
      path: '/dev/mail',
      options: { auth: false },
      async handler(request, h) {
        return h.response(mailListPage(pageLocale(request), await mailbox.list())).type('text/html; charset=utf-8');
      },
    },
    route({
      method: 'GET',
      path: '/dev/mail/{name}',
      options: {
        auth: false,
        validate: {
          params: fields({ name: Joi.string().pattern(/^[\w@.-]+\.eml$/) }),
        },
      },
      async handler(request, h) {
        const mail = await mailbox.read(request.params.name);
        if (!mail) return h.response('not found').code(404);
        return h.response(mailPage(pageLocale(request), mail)).type('text/html; charset=utf-8');
      },
    }),
  ];
}
