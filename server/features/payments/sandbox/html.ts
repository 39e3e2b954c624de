// The sandboxes' HTML pages: plain server-rendered forms (no script), English with Japanese labels.
export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": '#39' }[c]};`);

export const yen = (amount: number) => `¥${amount.toLocaleString('ja-JP')}`;

export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>
  body { font-family: system-ui, sans-serif; max-width: 28rem; margin: 2rem auto; padding: 0 1rem; color: #222; }
  .sandbox { background: #fff3cd; border: 1px solid #e0c36a; padding: .5rem .75rem; border-radius: .4rem; font-size: .85rem; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: .4rem 1rem; }
  dt { color: #666; }
  dd { margin: 0; font-weight: 600; }
  form { display: flex; gap: .75rem; margin-top: 1.5rem; }
  button { flex: 1; padding: .8rem; font-size: 1rem; border-radius: .4rem; border: 1px solid #888; cursor: pointer; }
  button.primary { background: #1a7f37; color: #fff; border-color: #1a7f37; }
  button.danger { background: #fff; color: #b42318; border-color: #b42318; }
</style>
</head>
<body>
<p class="sandbox">Sandbox（テスト環境）: no real money moves. 実際の決済は行われません。</p>
${body}
</body>
</html>`;
}

/** A summary list and two buttons posting `decision` to `action`. */
export function decisionPage(opts: {
  title: string;
  heading: string;
  rows: [string, string][];
  action: string;
  approve: { value: string; label: string };
  reject: { value: string; label: string };
}): string {
  const rows = opts.rows.map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${escapeHtml(v)}</dd>`).join('');
  return page(
    opts.title,
    `<h1>${escapeHtml(opts.heading)}</h1>
<dl>${rows}</dl>
<form method="post" action="${escapeHtml(opts.action)}">
  <button class="primary" type="submit" name="decision" value="${escapeHtml(opts.approve.value)}">${escapeHtml(opts.approve.label)}</button>
  <button class="danger" type="submit" name="decision" value="${escapeHtml(opts.reject.value)}">${escapeHtml(opts.reject.label)}</button>
</form>`,
  );
}

export function donePage(title: string, text: string, next: string | null): string {
  const link = next ? `<p><a href="${escapeHtml(next)}">Return to the shop（ショップに戻る）</a></p>` : '';
  return page(title, `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>${link}`);
}
