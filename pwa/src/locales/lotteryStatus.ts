// A lottery entry's states, ja: the wallet's strings (wallet.lottery.status) and, alone, the ticket pages' (an item's
// lottery round names the visitor's entry): a module of its own so the ticket pages do not load the wallet's strings.
export const lotteryStatusJa = {
  paying: 'お支払い手続き中',
  waiting: '抽選待ち',
  won: '当選',
  lost: '落選',
  withdrawn: '取消済み',
  cancelled: '無効',
};
