// Drives the local OpenID Connect provider's login pages over HTTP like a browser would.

type Jar = Map<string, string>;

function store(jar: Jar, res: Response) {
  for (const cookie of res.headers.getSetCookie()) {
    const [pair] = cookie.split(';');
    const eq = pair?.indexOf('=') ?? -1;
    if (pair && eq > 0) jar.set(pair.slice(0, eq).trim(), pair.slice(eq + 1));
  }
}
const header = (jar: Jar) => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');

/**
 * From the provider's authorization URL, log in as `login` and return the redirect back to our callback
 * (with code and state), without following it.
 */
export async function loginAtLocalProvider(authUrl: string, login: string): Promise<string> {
  const jar: Jar = new Map();
  let url = authUrl;
  let body: URLSearchParams | undefined;
  for (let i = 0; i < 15; i++) {
    const res = await fetch(url, {
      method: body ? 'POST' : 'GET',
      body,
      headers: { cookie: header(jar), ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      redirect: 'manual',
    });
    store(jar, res);
    body = undefined;
    if (res.status >= 300 && res.status < 400) {
      const next = new URL(res.headers.get('location') ?? '', url).toString();
      if (next.includes('/api/v1/auth/social/')) return next;
      url = next;
      continue;
    }
    const html = await res.text();
    const action = html.match(/<form[^>]*action="([^"]+)"/)?.[1];
    if (!action) throw new Error(`unexpected page at ${url}: ${res.status} ${html.slice(0, 300)}`);
    const prompt = html.match(/name="prompt" value="(\w+)"/)?.[1] ?? 'login';
    url = new URL(action.replace(/&amp;/g, '&'), url).toString();
    body = new URLSearchParams(prompt === 'login' ? { prompt, login, password: 'any-password' } : { prompt });
  }
  throw new Error('too many redirects at the local provider');
}
