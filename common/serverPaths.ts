// Paths the server answers itself rather than with the app shell: the API, generated media, the payment providers'
// sandbox pages (3-D Secure challenge, PayPay/merpay approval), the development mail viewer, and the build
// metadata. The static plugin refuses to serve the shell under them and the service worker hands them to the
// network; a server test checks every route the server registers is covered, so the list cannot fall behind.

export const SERVER_PATH_PREFIXES = ['/api/', '/media/', '/sandbox/', '/dev/'] as const;
export const SERVER_FILES = ['/build.json'] as const;

/** Whether the server, not the app, answers this path. */
export function isServerPath(path: string): boolean {
  return (
    SERVER_PATH_PREFIXES.some((prefix) => path.startsWith(prefix) || path === prefix.slice(0, -1)) ||
    (SERVER_FILES as readonly string[]).includes(path)
  );
}

/** The same list as regular expressions, for workbox's NavigationRoute denylist. */
export const SERVER_PATH_PATTERNS: readonly RegExp[] = [
  ...SERVER_PATH_PREFIXES.map(
    (prefix) => new RegExp(`^${prefix.slice(0, -1).replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}(/|$)`),
  ),
  ...SERVER_FILES.map((file) => new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}$`)),
];
