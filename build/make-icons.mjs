// Draws the app icons from build/icon.svg: PNGs (Linux sizes and 512/1024), a Windows .ico and a
// macOS .icns. The SVG is rasterised by the Chromium that playwright-core already drives for the
// e2e tests (no download, no image library); .ico and .icns are small containers of PNGs, written here.
// Run: node build/make-icons.mjs   (outputs are committed; re-run after editing icon.svg)
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = dirname(fileURLToPath(import.meta.url));
const svg = readFileSync(join(here, 'icon.svg'), 'utf8');
const SIZES = [16, 24, 32, 48, 64, 128, 256, 512, 1024];

async function renderPngs() {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
  const pngs = new Map();
  try {
    const page = await browser.newPage();
    for (const size of SIZES) {
      await page.setViewportSize({ width: size, height: size });
      const sized = svg.replace(/width="1024" height="1024"/, `width="${size}" height="${size}"`);
      await page.setContent(`<html><body style="margin:0;background:transparent">${sized}</body></html>`);
      pngs.set(size, await page.locator('svg').screenshot({ omitBackground: true, type: 'png' }));
    }
  } finally {
    await browser.close();
  }
  return pngs;
}

/** ICO with PNG-compressed entries (Windows Vista and later); 256 is written as 0 in the directory. */
export function encodeIco(entries) {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(entries.length, 4);
  const directory = Buffer.alloc(16 * entries.length);
  let offset = 6 + directory.length;
  entries.forEach(({ size, png }, index) => {
    const at = index * 16;
    directory.writeUInt8(size >= 256 ? 0 : size, at);
    directory.writeUInt8(size >= 256 ? 0 : size, at + 1);
    directory.writeUInt8(0, at + 2);
    directory.writeUInt8(0, at + 3);
    directory.writeUInt16LE(1, at + 4);
    directory.writeUInt16LE(32, at + 6);
    directory.writeUInt32LE(png.length, at + 8);
    directory.writeUInt32LE(offset, at + 12);
    offset += png.length;
  });
  return Buffer.concat([header, directory, ...entries.map((entry) => entry.png)]);
}

/** ICNS: 'icns' + total length, then (type, length incl. 8-byte header, PNG data) per entry. */
export function encodeIcns(entries) {
  const chunks = entries.map(({ type, png }) => {
    const head = Buffer.alloc(8);
    head.write(type, 0, 'ascii');
    head.writeUInt32BE(png.length + 8, 4);
    return Buffer.concat([head, png]);
  });
  const head = Buffer.alloc(8);
  head.write('icns', 0, 'ascii');
  head.writeUInt32BE(8 + chunks.reduce((sum, chunk) => sum + chunk.length, 0), 4);
  return Buffer.concat([head, ...chunks]);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const pngs = await renderPngs();
  const png = (size) => pngs.get(size);
  mkdirSync(join(here, 'icons'), { recursive: true });
  for (const size of SIZES) writeFileSync(join(here, 'icons', `${size}x${size}.png`), png(size));
  writeFileSync(join(here, 'icon.png'), png(1024));
  writeFileSync(
    join(here, 'icon.ico'),
    encodeIco([16, 24, 32, 48, 64, 128, 256].map((size) => ({ size, png: png(size) }))),
  );
  writeFileSync(
    join(here, 'icon.icns'),
    encodeIcns([
      { type: 'icp4', png: png(16) },
      { type: 'icp5', png: png(32) },
      { type: 'icp6', png: png(64) },
      { type: 'ic07', png: png(128) },
      { type: 'ic08', png: png(256) },
      { type: 'ic09', png: png(512) },
      { type: 'ic10', png: png(1024) },
      { type: 'ic11', png: png(32) },
      { type: 'ic12', png: png(128) },
      { type: 'ic13', png: png(512) },
      { type: 'ic14', png: png(1024) },
    ]),
  );
  console.log(`icons written to ${here}`);
}
