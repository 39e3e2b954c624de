// vitest global setup: the boot scripts built as the build inlines them into index.html (pwa/src/boot/build.ts),
// with these chunks and words, for the tests that run them (`inject('bootScripts')`). Built here, in Node: esbuild
// does not run inside jsdom.
import type { TestProject } from 'vitest/node';
import { type BootValues, buildBootScript } from '../boot/build';
import { myTicketsWords } from '../features/wallet/firstScreen';
import { walletEn } from '../locales/en/wallet';
import { walletJa } from '../locales/wallet';

export const BOOT_TEST_VALUES: BootValues = {
  chunks: {
    start: ['/assets/start.js'],
    home: ['/assets/home.js'],
    park: ['/assets/park.js'],
    item: [],
    wallet: ['/assets/wallet.css', '/assets/wallet.js'],
    ticket: ['/assets/wallet.css', '/assets/ticket.js'],
    walletAll: ['/assets/wallet.css', '/assets/walletAll.js'],
  },
  words: {
    ja: {
      heroTitle: 'ようこそ',
      heroLead: 'チケットを',
      searchParks: 'さがす',
      onSaleTitle: '販売中',
      seeAll: 'すべて',
    },
    en: { heroTitle: 'Welcome', heroLead: 'Tickets', searchParks: 'Find', onSaleTitle: 'On sale', seeAll: 'See all' },
  },
  walletWords: { ja: myTicketsWords('ZooPass', walletJa), en: myTicketsWords('ZooPass', walletEn) },
  walletBoot: '/assets/boot-wallet.js',
};

declare module 'vitest' {
  export interface ProvidedContext {
    bootScripts: { head: string; body: string; wallet: string };
  }
}

export default async function setup(project: TestProject) {
  project.provide('bootScripts', {
    head: await buildBootScript('head', BOOT_TEST_VALUES),
    body: await buildBootScript('body', BOOT_TEST_VALUES),
    wallet: await buildBootScript('wallet', BOOT_TEST_VALUES),
  });
}
