// Names of the device's databases, apart from Dexie so the app's entry can ask whether one exists without loading it.

/** The inline script of pwa/index.html opens the wallet by this name too (its first read, before the app loads). */
export const WALLET_DB_NAME = 'zoopass-wallet';
