// Texts of common/messages.ts that catalogue pages show on their own: a module of their own, so those pages need
// not load the whole message table (17 KB) for one line.

export const NO_STORIES = { ja: 'まだストーリーが投稿されていません。', en: 'There are no stories posted yet.' };
