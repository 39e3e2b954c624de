// The wallet pages' loaders, each page a chunk of its own (My Tickets loads only what it renders; the service worker
// precaches them all, so a page opened next offline is there too). Here and not in app/router.tsx: fourteen
// dynamic imports with their stylesheets' lists were 0.4 KB gzip of every page's first load. A page resolves once
// the first IndexedDB read is there too (prime.ts).
import type { ComponentType } from 'react';
import { primed } from './prime';

const PAGES = {
  MyTicketsPage: () => import('./MyTicketsPage'),
  HistoryPage: () => import('./HistoryPage'),
  LotteryPage: () => import('./LotteryPage'),
  WaitlistOfferPage: () => import('./WaitlistOfferPage'),
  RefundAccountPage: () => import('./RefundAccountPage'),
  TicketPage: () => import('./TicketPage'),
  MemberCardPage: () => import('./MemberCardPage'),
  PassVisitsPage: () => import('./PassVisitsPage'),
  PassRenewPage: () => import('./PassRenewPage'),
  DetailPage: () => import('./DetailPage'),
  AdvanceInformationPage: () => import('./DetailPage').then((m) => ({ default: m.AdvanceInformationPage })),
  SharePage: () => import('./SharePage'),
  ShareReceivePage: () => import('./ShareReceivePage'),
  TriggerPage: () => import('./TriggerPage'),
} satisfies Record<string, () => Promise<{ default: ComponentType }>>;

export type WalletPageName = keyof typeof PAGES;

export const loadWalletPage = (name: WalletPageName): Promise<ComponentType> =>
  Promise.all([PAGES[name](), primed]).then(([m]) => m.default as ComponentType);
