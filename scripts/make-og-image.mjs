// Renders the default link-preview image (1200×630, the size Open Graph and X recommend)
// with headless Chromium and writes src/web/public/og-image.png. The page is set from a
// string, so nothing is fetched from the network. Run: node scripts/make-og-image.mjs
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const WIDTH = 1200;
const HEIGHT = 630;
const SITE_NAME = 'Encurta.br';
const TAGLINE = 'Encurte e personalize seus links grátis';
const BRAND = '#0f766e';
// "Encurta" in white, ".br" in a lighter teal.
const dot = SITE_NAME.lastIndexOf('.');
const [NAME, SUFFIX] = dot > 0 ? [SITE_NAME.slice(0, dot), SITE_NAME.slice(dot)] : [SITE_NAME, ''];
const OUTPUT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/web/public/og-image.png');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// Flat colours and no photos keep the PNG small (crawlers download it for every share).
const html = `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><style>
  * { margin: 0; box-sizing: border-box; }
  html, body { width: ${WIDTH}px; height: ${HEIGHT}px; }
  body {
    background: ${BRAND};
    color: #fff;
    font-family: 'Liberation Sans', 'DejaVu Sans', Arial, sans-serif;
    display: flex; flex-direction: column; justify-content: center;
    padding: 0 96px; position: relative; overflow: hidden;
  }
  .ring { position: absolute; border-radius: 50%; border: 56px solid #ffffff14; }
  .ring.a { width: 620px; height: 620px; right: -180px; top: -230px; }
  .ring.b { width: 420px; height: 420px; right: 120px; bottom: -300px; border-color: #ffffff0f; }
  .brand { display: flex; align-items: center; gap: 28px; }
  .mark { width: 112px; height: 112px; border-radius: 28px; background: #fff; display: grid; place-items: center; }
  h1 { font-size: 104px; font-weight: 700; letter-spacing: -2px; }
  h1 span { color: #99f6e4; }
  p.tagline { margin-top: 36px; font-size: 50px; line-height: 1.2; max-width: 900px; color: #f0fdfa; }
  .pill {
    margin-top: 56px; align-self: flex-start; padding: 18px 34px; border-radius: 999px;
    background: #ffffff; color: ${BRAND}; font-size: 36px; font-weight: 700;
  }
</style></head>
<body>
  <div class="ring a"></div><div class="ring b"></div>
  <div class="brand">
    <div class="mark">
      <svg width="72" height="72" viewBox="0 0 24 24" fill="none" stroke="${BRAND}" stroke-width="2.4" stroke-linecap="round" stroke-linejoin="round">
        <path d="M10 13a5 5 0 0 0 7.54.54l3-3a5 5 0 0 0-7.07-7.07l-1.72 1.71"/>
        <path d="M14 11a5 5 0 0 0-7.54-.54l-3 3a5 5 0 0 0 7.07 7.07l1.71-1.71"/>
      </svg>
    </div>
    <h1>${NAME}<span>${SUFFIX}</span></h1>
  </div>
  <p class="tagline">${TAGLINE}</p>
  <div class="pill">encurta.br/seu-link</div>
</body></html>`;

const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
try {
  const page = await browser.newPage({ viewport: { width: WIDTH, height: HEIGHT }, deviceScaleFactor: 1 });
  // Belt and braces: the card needs nothing from the network, so refuse any request.
  await page.route('**/*', (route) => route.abort());
  await page.setContent(html, { waitUntil: 'load' });
  const png = await page.screenshot({ type: 'png', clip: { x: 0, y: 0, width: WIDTH, height: HEIGHT } });
  await mkdir(path.dirname(OUTPUT), { recursive: true });
  await writeFile(OUTPUT, png);
  console.log(`wrote ${path.relative(process.cwd(), OUTPUT)} (${png.length} bytes, ${WIDTH}×${HEIGHT})`);
} finally {
  await browser.close();
}
