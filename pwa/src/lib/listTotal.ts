import type { PageMeta } from '../../../common/dto/api';

/** A list's match count as shown: "1,000+" when the server stopped counting at its cap. */
export function shownTotal(meta: Pick<PageMeta, 'total' | 'totalCapped'>, locale: string): number | string {
  return meta.totalCapped ? `${meta.total.toLocaleString(locale)}+` : meta.total;
}
