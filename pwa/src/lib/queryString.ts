// Query strings as the server's qs parser reads them (server/server.ts): arrays bracket-style (a[]=1&a[]=2),
// objects as a[b]=1, null and undefined left out. Ten lines instead of the qs package in the browser, which
// brought about 100 kB of source (qs, side-channel, object-inspect, get-intrinsic) into every page's bundle.
export function toQueryString(params: Record<string, unknown>): string {
  const parts: string[] = [];
  const add = (key: string, value: unknown): void => {
    if (value === null || value === undefined) return;
    if (Array.isArray(value)) for (const v of value) add(`${key}[]`, v);
    else if (value instanceof Date) add(key, value.toISOString());
    else if (typeof value === 'object') for (const [k, v] of Object.entries(value)) add(`${key}[${k}]`, v);
    else parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
  };
  for (const [key, value] of Object.entries(params)) add(key, value);
  return parts.join('&');
}
