// vitest setup: IndexedDB for Dexie in jsdom/node tests.
import 'fake-indexeddb/auto';
