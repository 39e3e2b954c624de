// Answer schema of the content pages (common/dto/page.ts), for the OpenAPI document (server/lib/responses.ts).
import Joi from 'joi';
import { envelope, shape, str } from '../../lib/responses';

export const PAGE_ANSWER = {
  status: { 200: envelope(shape({ slug: str(), title: str(), body: str(), updatedAt: str() }), Joi.object({})) },
};
