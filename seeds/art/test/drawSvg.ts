// Test helper, run as a child process (fontconfig reads FONTCONFIG_FILE once per process): draws an SVG file to
// WebP exactly as the build does, with whatever fonts the environment's fontconfig gives.
//   node --import tsx seeds/art/test/drawSvg.ts <in.svg> <out.webp>
import { readFileSync } from 'node:fs';
import { pictureOf } from '../index';

const [input, output] = process.argv.slice(2);
if (!input || !output) throw new Error('usage: drawSvg.ts <in.svg> <out.webp>');
await pictureOf(readFileSync(input, 'utf8')).toFile(output);
