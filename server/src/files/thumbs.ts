import path from "node:path";
import sharp from "sharp";
import { readAll, type FileSystem } from "./filesystem.js";

/**
 * Thumbnails as the reference makes them, learned from its answers:
 * - sizes: `WxH` (cover WxH, cropped around the centre), `WxHt` / `WxHb` (cropped from
 *   the top / bottom), `WxHf` (fit inside WxH, never enlarged), and with a 0 dimension
 *   (`0xH`, `Wx0`, whatever the suffix) a resize keeping the aspect ratio; crops and
 *   plain resizes do enlarge small images;
 * - a request may ask for a size listed in the field's `thumbs` option (compared as
 *   text, so `01x02` only matches `01x02`) or for `100x100`, always allowed; anything
 *   else serves the original;
 * - only files stored as image/png, image/jpg, image/jpeg and image/gif get thumbs (the
 *   first frame of a gif); others, and images that fail to decode, serve the original;
 * - the EXIF orientation is applied first; the output format follows the file name's
 *   extension (jpg/jpeg, png, gif, tif/tiff, bmp; anything else gives png) while the
 *   thumb keeps the original's content type;
 * - resampling is linear and the dimension arithmetic (rounding, crop boxes) is the
 *   reference's, so sizes match exactly and pixels closely.
 */
export type ThumbMode = "center" | "top" | "bottom" | "fit";

export interface ThumbSize {
  /** The size as written (`80x40t`), which names the thumb. */
  raw: string;
  width: number;
  height: number;
  mode: ThumbMode;
}

/** Always available, whatever the field's thumbs (the dashboard uses it). */
export const DEFAULT_THUMB_SIZE = "100x100";

export const THUMB_SIZE_RE = /^(\d+)x(\d+)(t|b|f)?$/;

/** Refuse to render thumbs larger than this many pixels (the original is served instead). */
export const MAX_THUMB_PIXELS = 50_000_000;

const MODES: Record<string, ThumbMode> = { "": "center", t: "top", b: "bottom", f: "fit" };

/** Parses `WxH[t|b|f]`; null for anything else or for a 0x0 size. */
export function parseThumbSize(s: string): ThumbSize | null {
  const m = THUMB_SIZE_RE.exec(s);
  if (!m) return null;
  const width = Number(m[1]);
  const height = Number(m[2]);
  if (!Number.isSafeInteger(width) || !Number.isSafeInteger(height)) return null;
  if (width === 0 && height === 0) return null;
  return { raw: s, width, height, mode: MODES[m[3] ?? ""] };
}

/** The size to serve for a `?thumb=` value, or null when the original must be served. */
export function requestedThumbSize(requested: string | undefined, fieldThumbs: readonly string[] | null | undefined): ThumbSize | null {
  if (!requested) return null;
  if (requested !== DEFAULT_THUMB_SIZE && !(fieldThumbs ?? []).includes(requested)) return null;
  return parseThumbSize(requested);
}

/** Stored content types that get thumbs (matched exactly, as the reference does). */
export const THUMB_CONTENT_TYPES: ReadonlySet<string> = new Set(["image/png", "image/jpg", "image/jpeg", "image/gif"]);

export function canThumb(contentType: string | undefined): boolean {
  return contentType !== undefined && THUMB_CONTENT_TYPES.has(contentType);
}

export type ThumbFormat = "jpeg" | "png" | "gif" | "tiff" | "bmp";

/** The encoder for a thumb, chosen by the file name's extension (case-insensitive). */
export function thumbFormat(filename: string): ThumbFormat {
  switch (path.extname(filename).toLowerCase()) {
    case ".jpg":
    case ".jpeg":
      return "jpeg";
    case ".gif":
      return "gif";
    case ".tif":
    case ".tiff":
      return "tiff";
    case ".bmp":
      return "bmp";
    default:
      return "png";
  }
}

/** How to turn a srcW x srcH image into a thumb: an optional crop of the source, a resize, an optional crop of the result. */
export interface ThumbPlan {
  width: number;
  height: number;
  /** Crop applied to the (oriented) source before resizing. */
  cropBefore?: { left: number; top: number; width: number; height: number };
  /** Size to resize to (after cropBefore); absent when no resize is needed. */
  resize?: { width: number; height: number };
  /** Crop applied after resizing. */
  cropAfter?: { left: number; top: number; width: number; height: number };
}

/** The dimension arithmetic of a thumb, with the reference's rounding. */
export function planThumb(srcW: number, srcH: number, size: ThumbSize): ThumbPlan {
  const { width: w, height: h } = size;
  if (w === 0 || h === 0) {
    const [rw, rh] = resizeDims(srcW, srcH, w, h);
    return withResize(srcW, srcH, rw, rh);
  }
  if (size.mode === "fit") {
    if (srcW <= w && srcH <= h) return { width: srcW, height: srcH };
    const srcAspect = srcW / srcH;
    let nw: number, nh: number;
    if (srcAspect > w / h) {
      nw = w;
      nh = Math.trunc(w / srcAspect);
    } else {
      nh = h;
      nw = Math.trunc(h * srcAspect);
    }
    const [rw, rh] = resizeDims(srcW, srcH, nw, nh);
    return withResize(srcW, srcH, rw, rh);
  }
  if (srcW === w && srcH === h) return { width: w, height: h };
  const srcAspect = srcW / srcH;
  const dstAspect = w / h;
  if (srcW >= 100 && srcH >= 100) {
    // Crop the source to the target's aspect ratio, then resize.
    let cw = srcW;
    let ch = srcH;
    if (srcAspect < dstAspect) ch = Math.trunc(Math.max(1, (srcW * h) / w) + 0.5);
    else cw = Math.trunc(Math.max(1, (srcH * w) / h) + 0.5);
    const crop = anchorBox(srcW, srcH, cw, ch, size.mode);
    const plan = withResize(crop.width, crop.height, w, h);
    return { ...plan, cropBefore: crop, width: w, height: h };
  }
  // Small sources: resize to cover, then crop.
  const [rw, rh] = srcAspect < dstAspect ? resizeDims(srcW, srcH, w, 0) : resizeDims(srcW, srcH, 0, h);
  const plan = withResize(srcW, srcH, rw, rh);
  const after = anchorBox(rw, rh, w, h, size.mode);
  return { ...plan, cropAfter: after, width: after.width, height: after.height };
}

/** A resize target where a 0 dimension keeps the aspect ratio (rounded, at least 1). */
function resizeDims(srcW: number, srcH: number, w: number, h: number): [number, number] {
  if (w === 0) w = Math.max(1, Math.floor((h * srcW) / srcH + 0.5));
  if (h === 0) h = Math.max(1, Math.floor((w * srcH) / srcW + 0.5));
  return [w, h];
}

function withResize(srcW: number, srcH: number, w: number, h: number): ThumbPlan {
  return srcW === w && srcH === h ? { width: w, height: h } : { width: w, height: h, resize: { width: w, height: h } };
}

/** A w x h box inside srcW x srcH at the mode's anchor (horizontally centred; vertically centre/top/bottom). */
function anchorBox(srcW: number, srcH: number, w: number, h: number, mode: ThumbMode) {
  const left = Math.trunc((srcW - w) / 2);
  const top = mode === "top" ? 0 : mode === "bottom" ? srcH - h : Math.trunc((srcH - h) / 2);
  // Clip to the source, like an image-bounds intersection.
  const x0 = Math.max(0, left);
  const y0 = Math.max(0, top);
  const x1 = Math.min(srcW, left + w);
  const y1 = Math.min(srcH, top + h);
  return { left: x0, top: y0, width: Math.max(0, x1 - x0), height: Math.max(0, y1 - y0) };
}

/** Renders a thumb of an image (png/jpeg/gif bytes) in the format its file name asks for. */
export async function renderThumb(source: Buffer, size: ThumbSize, filename: string): Promise<Buffer> {
  const input = { autoOrient: true, failOn: "truncated" as const };
  const meta = await sharp(source, input).metadata();
  const srcW = meta.autoOrient?.width ?? meta.width;
  const srcH = meta.autoOrient?.height ?? meta.height;
  if (!srcW || !srcH) throw new Error("cannot read the image size");
  const plan = planThumb(srcW, srcH, size);
  if (plan.width * plan.height > MAX_THUMB_PIXELS || (plan.resize && plan.resize.width * plan.resize.height > MAX_THUMB_PIXELS)) {
    throw new Error(`thumb ${size.raw} is too large`);
  }
  if (plan.width < 1 || plan.height < 1) throw new Error(`thumb ${size.raw} is empty`);

  let img = sharp(source, input).ensureAlpha();
  if (plan.cropBefore) img = img.extract(plan.cropBefore);
  if (plan.resize) img = img.resize(plan.resize.width, plan.resize.height, { fit: "fill", kernel: "linear" });
  if (plan.cropAfter) img = img.extract(plan.cropAfter);
  const { data, info } = await img.raw().toBuffer({ resolveWithObject: true });

  // Like the reference's encoders, drop an alpha channel that is fully opaque.
  let opaque = true;
  for (let i = 3; i < data.length; i += 4) {
    if (data[i] !== 255) {
      opaque = false;
      break;
    }
  }
  const format = thumbFormat(filename);
  if (format === "bmp") return encodeBmp(data, info.width, info.height, opaque);
  let out = sharp(data, { raw: { width: info.width, height: info.height, channels: 4 } });
  if (format === "jpeg") return out.flatten({ background: "#000000" }).jpeg({ quality: 95 }).toBuffer();
  if (opaque) out = out.removeAlpha();
  if (format === "gif") return out.gif().toBuffer();
  if (format === "tiff") return out.tiff().toBuffer();
  return out.png({ adaptiveFiltering: true }).toBuffer();
}

/** An uncompressed bottom-up BMP: 24-bit when opaque, else 32-bit BGRA with a V4 header. */
function encodeBmp(rgba: Buffer, width: number, height: number, opaque: boolean): Buffer {
  const bpp = opaque ? 24 : 32;
  const rowSize = Math.ceil((width * bpp) / 32) * 4;
  const infoSize = opaque ? 40 : 108;
  const offset = 14 + infoSize;
  const out = Buffer.alloc(offset + rowSize * height);
  out.write("BM", 0, "latin1");
  out.writeUInt32LE(out.length, 2);
  out.writeUInt32LE(offset, 10);
  out.writeUInt32LE(infoSize, 14);
  out.writeInt32LE(width, 18);
  out.writeInt32LE(height, 22);
  out.writeUInt16LE(1, 26);
  out.writeUInt16LE(bpp, 28);
  out.writeUInt32LE(opaque ? 0 : 3, 30); // BI_RGB or BI_BITFIELDS
  out.writeUInt32LE(rowSize * height, 34);
  if (!opaque) {
    out.writeUInt32LE(0x00ff0000, 54); // red mask
    out.writeUInt32LE(0x0000ff00, 58);
    out.writeUInt32LE(0x000000ff, 62);
    out.writeUInt32LE(0xff000000, 66); // alpha mask
    out.write("BGRs", 70, "latin1"); // LCS_sRGB, as stored little-endian
  }
  for (let y = 0; y < height; y++) {
    let o = offset + (height - 1 - y) * rowSize;
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      out[o++] = rgba[i + 2];
      out[o++] = rgba[i + 1];
      out[o++] = rgba[i];
      if (!opaque) out[o++] = rgba[i + 3];
    }
  }
  return out;
}

export interface EnsureThumbArgs {
  /** Key of the original file. */
  originalKey: string;
  /** Key the thumb is (to be) stored under. */
  thumbKey: string;
  size: ThumbSize;
  /** The original's stored name (picks the output format). */
  filename: string;
  /** The original's content type, given to the thumb too. */
  contentType: string;
}

/**
 * Makes thumbs on first request and keeps them in storage next to the original.
 * Concurrent requests for the same missing thumb share one rendering.
 */
export class Thumbnailer {
  private readonly inflight = new Map<string, Promise<boolean>>();

  constructor(
    private readonly fs: FileSystem,
    private readonly onError: (err: unknown, args: EnsureThumbArgs) => void = () => undefined,
  ) {}

  /** True once the thumb is in storage; false when it cannot be made (serve the original then). */
  async ensure(args: EnsureThumbArgs): Promise<boolean> {
    if (await this.fs.exists(args.thumbKey)) return true;
    let job = this.inflight.get(args.thumbKey);
    if (!job) {
      job = this.generate(args).finally(() => this.inflight.delete(args.thumbKey));
      this.inflight.set(args.thumbKey, job);
    }
    return job;
  }

  /** Number of thumbs being rendered right now (for tests and diagnostics). */
  get pending(): number {
    return this.inflight.size;
  }

  private async generate(args: EnsureThumbArgs): Promise<boolean> {
    try {
      const source = await readAll(this.fs, args.originalKey);
      const thumb = await renderThumb(source, args.size, args.filename);
      await this.fs.put(args.thumbKey, thumb, args.contentType);
      return true;
    } catch (err) {
      this.onError(err, args);
      return false;
    }
  }
}
