import { ERROR_STATUS, type ErrorCode } from '../../common/errorCodes';

export { ERROR_STATUS, type ErrorCode, isErrorCode } from '../../common/errorCodes';

/** An error of the domain with a code; its status comes from the one table (common/errorCodes.ts). */
export class DomainError extends Error {
  readonly status: number;
  constructor(
    readonly key: ErrorCode,
    readonly params: Record<string, string | number> = {},
  ) {
    super(key);
    this.name = 'DomainError';
    this.status = ERROR_STATUS[key];
  }
}

export const notFound = () => new DomainError('notFound');
