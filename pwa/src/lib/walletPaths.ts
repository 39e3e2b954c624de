// The wallet's pages by path, for the code that runs before the router: the boot scripts (pwa/src/boot) and main.tsx.
// No imports: the boot scripts inline this module.

/** My Tickets and the usage trigger pages: opened at a gate, often offline. */
export const isWalletPath = (pathname: string) => /^\/(my-tickets|product\/trigger)(\/|$)/.test(pathname);

/** The ticket id of a ticket page's path, whose QR code may be stored for its first paint. */
export const ticketIdOfPath = (pathname: string) => pathname.match(/^\/my-tickets\/ticket\/([0-9a-f-]{36})$/)?.[1];
