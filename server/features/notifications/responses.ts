// Answer schemas of the notification routes (common/notifications.ts), for the OpenAPI document.
import Joi from 'joi';
import { NOTIFICATION_KINDS } from '../../../common/notifications';
import { bool, dateTime, envelope, int, PAGE_META, shape, str } from '../../lib/responses';

const none = () => Joi.object({});
const KINDS = Joi.object(Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, bool()])));

export const PUBLIC_KEY_ANSWER = { status: { 200: envelope(shape({ publicKey: str() }), none()) } };
export const SUBSCRIBED_ANSWER = { status: { 201: envelope(shape({ endpoint: str() }), none()) } };
export const UNSUBSCRIBED_ANSWER = { status: { 200: envelope(shape({ removed: int() }), none()) } };
export const INBOX_ANSWER = {
  status: {
    200: envelope(
      Joi.array().items(
        shape({
          id: int(),
          kind: str(),
          title: str(),
          body: str(),
          navigate: str(),
          read: bool(),
          createdAt: dateTime(),
        }),
      ),
      PAGE_META.keys({ unread: int().required() }),
    ),
  },
};
export const UNREAD_ANSWER = { status: { 200: envelope(shape({ unread: int() }), none()) } };
export const SETTINGS_ANSWER = { status: { 200: envelope(shape({ enabled: bool(), kinds: KINDS }), none()) } };
export const KINDS_ANSWER = { status: { 200: envelope(shape({ kinds: KINDS }), none()) } };
