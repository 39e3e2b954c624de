import Joi from 'joi';
import type { PageMeta } from '../../common/dto/api';

export const pagingQuery = {
  page: Joi.number().integer().min(1).max(10_000).default(1),
  per_page: Joi.number().integer().min(1).max(100).default(20),
};

export function pageMeta(page: number, perPage: number, total: number, totalCapped = false): PageMeta {
  return { page, perPage, total, totalPages: Math.max(1, Math.ceil(total / perPage)), totalCapped };
}
