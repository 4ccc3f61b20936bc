#!/usr/bin/env node
// Writes brotli (.br) and gzip (.gz) copies of every compressible file of the built dashboard,
// once at build time, so the server sends them as they are (by Accept-Encoding) instead of
// compressing on each request or not at all. A copy is kept only when it is smaller.
//   node scripts/compress.mjs [dist dir]   (run after `vite build`)
import { readdirSync, readFileSync, realpathSync, statSync, unlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|map|xml|wasm|ico|webmanifest)$/i;

/** Every file under dir, recursively. */
function files(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : [path.join(dir, e.name)]));
}

/** Compresses the files of `dir`; returns [file, original, brotli, gzip] byte counts. */
export function compressDir(dir) {
  const report = [];
  for (const file of files(dir)) {
    if (!COMPRESSIBLE.test(file)) continue;
    const data = readFileSync(file);
    const br = brotliCompressSync(data, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length, [constants.BROTLI_PARAM_MODE]: /\.(?:js|mjs|css|html|svg|json|txt|map)$/i.test(file) ? constants.BROTLI_MODE_TEXT : constants.BROTLI_MODE_GENERIC },
    });
    const gz = gzipSync(data, { level: 9 });
    for (const [ext, out] of [[".br", br], [".gz", gz]]) {
      const target = file + ext;
      if (out.length < data.length) writeFileSync(target, out);
      else if (existsQuiet(target)) unlinkSync(target); // a stale copy from an earlier build
    }
    report.push([path.relative(dir, file), data.length, br.length, gz.length]);
  }
  return report;
}

function existsQuiet(file) {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

// Run as a script (also through a symlinked path), not when imported.
if (process.argv[1] && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = path.resolve(process.argv[2] ?? fileURLToPath(new URL("../dist", import.meta.url)));
  const report = compressDir(dir);
  const sum = (i) => report.reduce((n, r) => n + r[i], 0);
  console.log(`compressed ${report.length} files in ${path.relative(process.cwd(), dir) || "."}: ${(sum(1) / 1024).toFixed(1)} KB -> brotli ${(sum(2) / 1024).toFixed(1)} KB, gzip ${(sum(3) / 1024).toFixed(1)} KB`);
}
