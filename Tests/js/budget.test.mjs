// node --test Tests/js/ — the reader's weight: its scripts and the theme's stylesheet, each as a
// server sends it gzipped, stay within 16 KiB together (bench/reader_frames.py reports the figure).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const assets = new URL('../../Templates/assets/', import.meta.url);
// Loaded only when the search field first opens, so not part of what a page costs to start.
const onDemand = new Set(['search.js', 'search-index.js']);

test('the reader\'s JavaScript and CSS weigh at most 16 KiB gzipped', () => {
  const files = readdirSync(assets).filter((f) => (f.endsWith('.js') && !onDemand.has(f)) || f == 'folio.css');
  assert.ok(files.includes('reader.js') && files.includes('folio.css'), files.join());
  const bytes = files.reduce((sum, f) => sum + gzipSync(readFileSync(new URL(f, assets)), { level: 9 }).length, 0);
  assert.ok(bytes <= 16384, `${bytes} bytes gzipped`);
});
