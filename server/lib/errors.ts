import type { MessageKey } from '../../common/messages';

/** An error of the domain with a code; the errors plugin maps it to a status and a localised message. */
export class DomainError extends Error {
  constructor(
    readonly key: MessageKey,
    readonly status: number,
    readonly params: Record<string, string | number> = {},
  ) {
    super(key);
    this.name = 'DomainError';
  }
}

export const notFound = () => new DomainError('notFound', 404);
