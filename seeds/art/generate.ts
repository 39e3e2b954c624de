// CLI: npx tsx seeds/art/generate.ts [outDir]   (default public/media)
import { resolve } from 'node:path';
import { generateArt } from './index';

const outDir = resolve(process.argv[2] ?? 'public/media');
const started = Date.now();
const count = await generateArt(outDir);
console.log(`wrote ${count} media files to ${outDir} in ${Date.now() - started} ms`);
