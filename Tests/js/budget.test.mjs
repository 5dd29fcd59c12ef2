// node --test Tests/js/ — the reader's weight: its scripts and the theme's stylesheet as folio ships
// them, minified by esbuild (as Sources/embed-theme does when folio is built), each as a server
// sends it gzipped, stay within 16 KiB together (bench/reader_frames.py reports the figure).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const assets = new URL('../../Templates/assets/', import.meta.url);
// Loaded only when the search field first opens, the overview first opens, Print is pressed, a book is first kept
// offline, a page first zoomed or an image opened, or a bookmark first listed or made: not part of what a page costs to start.
const onDemand = new Set(['search.js', 'search-index.js', 'print.js', 'offline.js', 'overview.js', 'zoom.js', 'bookmarks.js']);
const gzipped = (bytes) => gzipSync(bytes, { level: 9 }).length;

function minified(file) {
  try {
    return execFileSync('esbuild', [fileURLToPath(new URL(file, assets)), '--minify', '--log-level=error'], { maxBuffer: 1 << 24 });
  } catch (error) {
    if (error.code == 'ENOENT') {
      assert.fail('esbuild is not on the PATH: install the esbuild package (apt-get install esbuild, or brew install esbuild); make test does');
    }
    throw error;
  }
}

test('the reader\'s JavaScript and CSS, minified, weigh at most 16 KiB gzipped', (t) => {
  const files = readdirSync(assets).filter((f) => (f.endsWith('.js') && !onDemand.has(f)) || f == 'folio.css');
  assert.ok(files.includes('reader.js') && files.includes('folio.css'), files.join());
  const source = files.reduce((sum, f) => sum + gzipped(readFileSync(new URL(f, assets))), 0);
  const shipped = files.reduce((sum, f) => sum + gzipped(minified(f)), 0);
  t.diagnostic(`${source} bytes gzipped as written, ${shipped} minified`);
  assert.ok(shipped <= 16384, `${shipped} bytes gzipped (${source} as written)`);
});
