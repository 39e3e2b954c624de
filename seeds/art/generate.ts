// CLI: npx tsx seeds/art/generate.ts [outDir] [url ...]   (default public/media; urls: only those files, e.g.
// /media/items/ueno-zoo--admission.webp)
import { resolve } from 'node:path';
import { artJobs, generateArt } from './index';

const [dir, ...urls] = process.argv.slice(2);
const outDir = resolve(dir ?? 'public/media');
const all = artJobs();
const unknown = urls.filter((u) => !all.some((j) => j.url === u));
if (unknown.length) {
  console.error(`art: no such media file: ${unknown.join(', ')}`);
  process.exit(1);
}
const started = Date.now();
try {
  const count = await generateArt(outDir, urls.length ? all.filter((j) => urls.includes(j.url)) : all);
  console.log(`wrote ${count} media files to ${outDir} in ${Date.now() - started} ms`);
} catch (err) {
  // The message names what to change; a stack would only hide it.
  console.error((err as Error).message);
  process.exit(1);
}
