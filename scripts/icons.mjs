// Makes the app icons of www/icons/ from the site's own icon, www/favicon.svg, in headless Chromium (the system
// browser through playwright-core, as the tests use it): the SVG drawn on a canvas at each size and saved as PNG.
// The PNGs are committed, so that a build needs no browser; run this again after changing favicon.svg
// (`node scripts/icons.mjs`), and e2e/offline.test.mjs checks that they still show it.
//
//   icon-192.png, icon-512.png   the icon as it is (rounded corners, transparent outside): "purpose": "any"
//   icon-maskable-512.png        full bleed, the marks in the middle 80%: "purpose": "maskable" (Android crops it
//                                to a circle, a squircle...: the safe zone is a circle of 40% of the size)
//   apple-touch-icon.png         the same at 180 px, which iOS and iPadOS ask for and round themselves
import { readFile, writeFile, mkdir } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { launch } from "../e2e/browser.mjs";

const WWW = fileURLToPath(new URL("../www/", import.meta.url));

/** Each icon: its file in www/icons/, its size in pixels, and whether it is full bleed. */
export const ICONS = [
  { file: "icon-192.png", size: 192, bleed: false },
  { file: "icon-512.png", size: 512, bleed: false },
  { file: "icon-maskable-512.png", size: 512, bleed: true },
  { file: "apple-touch-icon.png", size: 180, bleed: true },
];

/**
 * Renders every icon of ICONS from `svg` (the text of favicon.svg) in `page`; resolves to `{ file: Buffer }`.
 * Full bleed: the first <rect> (the icon's background) loses its rounded corners and the rest is scaled to 80%
 * about the centre.
 */
export async function renderIcons(page, svg) {
  const rendered = await page.evaluate(
    async ({ svg, icons }) => {
      const fullBleed = (text) => {
        const doc = new DOMParser().parseFromString(text, "image/svg+xml");
        const root = doc.documentElement;
        const [x, y, width, height] = root.getAttribute("viewBox").split(/[\s,]+/).map(Number);
        const background = root.querySelector("rect");
        background.removeAttribute("rx");
        background.removeAttribute("ry");
        const group = doc.createElementNS("http://www.w3.org/2000/svg", "g");
        const [cx, cy] = [x + width / 2, y + height / 2];
        group.setAttribute("transform", `translate(${cx} ${cy}) scale(0.8) translate(${-cx} ${-cy})`);
        for (const child of [...root.childNodes]) if (child !== background) group.append(child);
        root.append(group);
        return new XMLSerializer().serializeToString(doc);
      };
      const out = {};
      for (const { file, size, bleed } of icons) {
        const blob = new Blob([bleed ? fullBleed(svg) : svg], { type: "image/svg+xml" });
        const image = new Image();
        image.src = URL.createObjectURL(blob);
        await image.decode();
        const canvas = document.createElement("canvas");
        canvas.width = canvas.height = size;
        canvas.getContext("2d").drawImage(image, 0, 0, size, size);
        URL.revokeObjectURL(image.src);
        const png = await new Promise((done) => canvas.toBlob(done, "image/png"));
        const bytes = new Uint8Array(await png.arrayBuffer());
        out[file] = btoa(Array.from(bytes, (byte) => String.fromCharCode(byte)).join(""));
      }
      return out;
    },
    { svg, icons: ICONS },
  );
  return Object.fromEntries(Object.entries(rendered).map(([file, base64]) => [file, Buffer.from(base64, "base64")]));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const browser = await launch();
  try {
    const page = await browser.newPage();
    const icons = await renderIcons(page, await readFile(`${WWW}favicon.svg`, "utf8"));
    await mkdir(`${WWW}icons`, { recursive: true });
    for (const [file, png] of Object.entries(icons)) {
      await writeFile(`${WWW}icons/${file}`, png);
      console.log(`www/icons/${file}: ${png.length} bytes`);
    }
  } finally {
    await browser.close();
  }
}
