import { writeFileSync } from 'node:fs';
import { it } from 'vitest';
import { createTestServer } from './testServer';

it('dumps', async () => {
  const ctx = await createTestServer();
  const doc = (await ctx.server.inject('/api/openapi.json')).payload;
  const v: Record<string, unknown> = {};
  for (const r of ctx.server.table()) {
    const val = r.settings.validate as Record<string, { describe?: () => unknown }> | undefined;
    v[`${r.method} ${r.path}`] = Object.fromEntries(
      ['params', 'query', 'payload', 'headers'].map((k) => [
        k,
        val?.[k]?.describe ? val[k].describe() : (val?.[k] ?? null),
      ]),
    );
  }
  writeFileSync(process.env.DUMP_TO ?? '/tmp/casts-before', JSON.stringify({ doc: JSON.parse(doc), v }, null, 1));
  await ctx.close();
});
