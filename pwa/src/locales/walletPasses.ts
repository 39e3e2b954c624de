// UI strings of the Apple / Google Wallet buttons (issue 32); ja here, en in en/walletPasses.ts.
export const walletPassesJa = {
  apple: 'Apple Wallet に追加',
  google: 'Google ウォレットに保存',
  failed: 'ウォレットに追加できませんでした。時間をおいてもう一度お試しください。',
};
