import path from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { readAll } from "./filesystem.js";
import { LocalFileSystem } from "./local.js";
import {
  canThumb,
  parseThumbSize,
  planThumb,
  renderThumb,
  requestedThumbSize,
  thumbFormat,
  Thumbnailer,
  type ThumbSize,
} from "./thumbs.js";
import { cleanupTempDirs, tempDir } from "../../test/support/dataDirs.js";

afterAll(cleanupTempDirs);

const size = (s: string): ThumbSize => {
  const t = parseThumbSize(s);
  if (!t) throw new Error(`bad size ${s}`);
  return t;
};

type RGB = [number, number, number];
const RED: RGB = [255, 0, 0];
const GREEN: RGB = [0, 255, 0];
const BLUE: RGB = [0, 0, 255];

/** An image made of equal bands (vertical bands stacked top to bottom, or side by side). */
async function bands(w: number, h: number, colors: RGB[], vertical: boolean, format: "png" | "jpeg" | "gif" = "png"): Promise<Buffer> {
  const raw = Buffer.alloc(w * h * 3);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const band = Math.min(colors.length - 1, Math.floor(((vertical ? y : x) * colors.length) / (vertical ? h : w)));
      raw.set(colors[band], (y * w + x) * 3);
    }
  const img = sharp(raw, { raw: { width: w, height: h, channels: 3 } });
  return format === "jpeg" ? img.jpeg({ quality: 95 }).toBuffer() : format === "gif" ? img.gif().toBuffer() : img.png().toBuffer();
}

/** The average colour of an image region. */
async function meanColor(img: Buffer, region?: { left: number; top: number; width: number; height: number }): Promise<RGB> {
  let p = sharp(img).removeAlpha();
  if (region) p = p.extract(region);
  const { data, info } = await p.raw().toBuffer({ resolveWithObject: true });
  const sum = [0, 0, 0];
  for (let i = 0; i < data.length; i += info.channels) for (let c = 0; c < 3; c++) sum[c] += data[i + c];
  const n = data.length / info.channels;
  return sum.map((s) => Math.round(s / n)) as RGB;
}

const near = (a: RGB, b: RGB, tol = 40) => a.every((v, i) => Math.abs(v - b[i]) <= tol);

describe("thumb sizes", () => {
  it("parses WxH with an optional mode", () => {
    expect(parseThumbSize("100x100")).toEqual({ raw: "100x100", width: 100, height: 100, mode: "center" });
    expect(parseThumbSize("80x40t")).toEqual({ raw: "80x40t", width: 80, height: 40, mode: "top" });
    expect(parseThumbSize("80x40b")?.mode).toBe("bottom");
    expect(parseThumbSize("80x40f")?.mode).toBe("fit");
    expect(parseThumbSize("0x50")).toMatchObject({ width: 0, height: 50 });
    expect(parseThumbSize("50x0b")).toMatchObject({ width: 50, height: 0, mode: "bottom" });
    expect(parseThumbSize("01x02")).toMatchObject({ raw: "01x02", width: 1, height: 2 });
    for (const bad of ["0x0", "0x0t", "0x0f", "100X100", "100x100x", " 10x10", "10x10 ", "abc", "", "-1x5", "1.5x2", "10x10c", "99999999999999999999x1"]) {
      expect(parseThumbSize(bad), bad).toBeNull();
    }
  });

  it("allows the field's sizes (as written) and always 100x100", () => {
    const field = ["50x0", "01x02", "80x40t"];
    expect(requestedThumbSize("50x0", field)?.raw).toBe("50x0");
    expect(requestedThumbSize("01x02", field)?.raw).toBe("01x02");
    expect(requestedThumbSize("1x2", field)).toBeNull();
    expect(requestedThumbSize("200x200", field)).toBeNull();
    expect(requestedThumbSize("100x100", null)?.raw).toBe("100x100");
    expect(requestedThumbSize("100x100", [])?.raw).toBe("100x100");
    expect(requestedThumbSize("", field)).toBeNull();
    expect(requestedThumbSize(undefined, field)).toBeNull();
    expect(requestedThumbSize("0x0", ["0x0"])).toBeNull();
  });

  it("thumbs only png, jpg/jpeg and gif content (exact types)", () => {
    for (const t of ["image/png", "image/jpeg", "image/jpg", "image/gif"]) expect(canThumb(t)).toBe(true);
    for (const t of ["image/webp", "image/bmp", "image/tiff", "image/svg+xml", "image/PNG", "image/png; charset=x", "", undefined]) expect(canThumb(t)).toBe(false);
  });

  it("encodes by the file name's extension", () => {
    expect(thumbFormat("a.jpg")).toBe("jpeg");
    expect(thumbFormat("a.JPEG")).toBe("jpeg");
    expect(thumbFormat("a.Gif")).toBe("gif");
    expect(thumbFormat("a.tif")).toBe("tiff");
    expect(thumbFormat("a.tiff")).toBe("tiff");
    expect(thumbFormat("a.bmp")).toBe("bmp");
    for (const n of ["a.png", "a.webp", "a.txt", "a.jpe", "a"]) expect(thumbFormat(n)).toBe("png");
  });
});

describe("planThumb dimensions (as measured on the reference)", () => {
  const cases: [number, number, string, number, number][] = [
    [300, 200, "100x100", 100, 100],
    [300, 200, "50x0", 50, 33],
    [300, 200, "0x50", 75, 50],
    [300, 200, "80x40t", 80, 40],
    [300, 200, "80x40b", 80, 40],
    [300, 200, "80x40f", 60, 40],
    [300, 200, "500x500", 500, 500],
    [300, 200, "600x0", 600, 400],
    [300, 200, "0x600", 900, 600],
    [300, 200, "500x500f", 300, 200],
    [300, 200, "500x100t", 500, 100],
    [300, 200, "10x10", 10, 10],
    [300, 200, "300x200", 300, 200],
    [300, 200, "300x200f", 300, 200],
    [300, 200, "100x400f", 100, 66],
    [300, 200, "0x50f", 75, 50],
    [300, 200, "0x50t", 75, 50],
    [300, 200, "50x0b", 50, 33],
    [300, 200, "01x02", 1, 2],
    [120, 400, "50x0", 50, 167],
    [120, 400, "0x50", 15, 50],
    [120, 400, "80x40f", 12, 40],
    [120, 400, "80x40t", 80, 40],
    [200, 300, "600x0", 600, 900],
    [200, 300, "0x600", 400, 600],
    [200, 300, "500x500f", 200, 300],
    [200, 300, "300x200f", 133, 200],
    [200, 300, "100x400f", 100, 150],
    [40, 30, "500x500f", 40, 30],
    [40, 30, "600x0", 600, 450],
    [40, 30, "0x600", 800, 600],
    [40, 30, "500x100t", 500, 100],
    [60, 40, "100x400f", 60, 40],
    [1000, 1, "10x10f", 10, 1],
    [1, 1000, "0x10", 1, 10],
  ];
  it.each(cases)("%ix%i at %s is %ix%i", (w, h, s, ew, eh) => {
    const plan = planThumb(w, h, size(s));
    expect([plan.width, plan.height]).toEqual([ew, eh]);
  });

  it("crops the source before resizing large images, and after resizing small ones", () => {
    expect(planThumb(300, 200, size("100x100"))).toEqual({
      width: 100,
      height: 100,
      cropBefore: { left: 50, top: 0, width: 200, height: 200 },
      resize: { width: 100, height: 100 },
    });
    expect(planThumb(120, 400, size("80x40b")).cropBefore).toEqual({ left: 0, top: 340, width: 120, height: 60 });
    expect(planThumb(40, 30, size("500x100t"))).toEqual({
      width: 500,
      height: 100,
      resize: { width: 500, height: 375 },
      cropAfter: { left: 0, top: 0, width: 500, height: 100 },
    });
    expect(planThumb(300, 200, size("300x200"))).toEqual({ width: 300, height: 200 });
  });
});

describe("renderThumb", () => {
  it("crops from the centre, top and bottom, and fits inside", async () => {
    const tall = await bands(100, 300, [RED, GREEN, BLUE], true);
    const at = async (s: string) => renderThumb(tall, size(s), "t.png");
    expect(await meanColor(await at("100x100"))).toEqual(GREEN);
    expect(await meanColor(await at("100x100t"))).toEqual(RED);
    expect(await meanColor(await at("100x100b"))).toEqual(BLUE);
    const fit = await at("100x100f");
    expect(await sharp(fit).metadata()).toMatchObject({ width: 33, height: 100 });
    expect(near(await meanColor(fit, { left: 0, top: 0, width: 33, height: 20 }), RED)).toBe(true);
    expect(near(await meanColor(fit, { left: 0, top: 80, width: 33, height: 20 }), BLUE)).toBe(true);
    const wide = await bands(300, 100, [RED, GREEN, BLUE], false);
    // t and b crop vertically; a horizontal crop stays centred.
    for (const s of ["100x100t", "100x100b", "100x100"]) expect(await meanColor(await renderThumb(wide, size(s), "w.png"))).toEqual(GREEN);
  });

  it("keeps the aspect ratio for 0 dimensions and enlarges", async () => {
    const img = await bands(120, 400, [RED, BLUE], true);
    expect(await sharp(await renderThumb(img, size("50x0"), "x.png")).metadata()).toMatchObject({ width: 50, height: 167 });
    expect(await sharp(await renderThumb(img, size("0x800"), "x.png")).metadata()).toMatchObject({ width: 240, height: 800 });
  });

  it("encodes in the format of the file name, whatever the source", async () => {
    const png = await bands(200, 200, [RED, GREEN], true);
    expect((await sharp(await renderThumb(png, size("10x10"), "x.jpg")).metadata()).format).toBe("jpeg");
    expect((await sharp(await renderThumb(png, size("10x10"), "x.gif")).metadata()).format).toBe("gif");
    expect((await sharp(await renderThumb(png, size("10x10"), "x.tiff")).metadata()).format).toBe("tiff");
    expect((await sharp(await renderThumb(png, size("10x10"), "x.txt")).metadata()).format).toBe("png");
    const jpg = await bands(200, 200, [RED, GREEN], true, "jpeg");
    expect((await sharp(await renderThumb(jpg, size("10x10"), "x.png")).metadata()).format).toBe("png");
  });

  it("writes BMP files for .bmp names", async () => {
    const bmp = await renderThumb(await bands(200, 200, [RED], true), size("10x10"), "x.bmp");
    expect(bmp.subarray(0, 2).toString()).toBe("BM");
    expect(bmp.readUInt32LE(2)).toBe(bmp.length);
    expect([bmp.readInt32LE(18), bmp.readInt32LE(22), bmp.readUInt16LE(28)]).toEqual([10, 10, 24]);
    // Bottom-up BGR rows padded to 4 bytes: the first pixel is red.
    expect([...bmp.subarray(54, 57)]).toEqual([0, 0, 255]);
    expect(bmp.length).toBe(54 + 32 * 10);
    const alpha = await sharp({ create: { width: 4, height: 4, channels: 4, background: { r: 0, g: 0, b: 255, alpha: 0.5 } } }).png().toBuffer();
    const bmp32 = await renderThumb(alpha, size("2x2"), "x.bmp");
    expect([bmp32.readUInt16LE(28), bmp32.readUInt32LE(14)]).toEqual([32, 108]);
  });

  it("keeps real transparency and drops an opaque alpha channel", async () => {
    const translucent = await sharp({ create: { width: 60, height: 40, channels: 4, background: { r: 255, g: 0, b: 0, alpha: 0.5 } } }).png().toBuffer();
    expect((await sharp(await renderThumb(translucent, size("10x10"), "a.png")).metadata()).channels).toBe(4);
    const opaque = await sharp({ create: { width: 60, height: 40, channels: 4, background: { r: 255, g: 0, b: 0, alpha: 1 } } }).png().toBuffer();
    expect((await sharp(await renderThumb(opaque, size("10x10"), "a.png")).metadata()).channels).toBe(3);
  });

  it("takes the first frame of an animated gif and writes a still gif", async () => {
    const frames = await Promise.all([RED, GREEN, BLUE].map((c) => sharp({ create: { width: 40, height: 30, channels: 3, background: { r: c[0], g: c[1], b: c[2] } } }).png().toBuffer()));
    const anim = await sharp(frames, { join: { animated: true } }).gif({ delay: [100, 100, 100], loop: 0 }).toBuffer();
    expect((await sharp(anim).metadata()).pages).toBe(3);
    const thumb = await renderThumb(anim, size("20x20"), "a.gif");
    const meta = await sharp(thumb).metadata();
    expect(meta.format).toBe("gif");
    expect(meta.pages ?? 1).toBe(1);
    expect(near(await meanColor(thumb), RED, 10)).toBe(true);
  });

  it("applies the EXIF orientation first", async () => {
    const img = await sharp(await bands(300, 200, [RED, BLUE], false)).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const thumb = await renderThumb(img, size("600x0"), "x.jpg");
    expect(await sharp(thumb).metadata()).toMatchObject({ width: 600, height: 900 });
    // Rotated 90° clockwise: the left (red) half is now on top.
    expect(near(await meanColor(thumb, { left: 0, top: 0, width: 600, height: 300 }), RED)).toBe(true);
    expect(near(await meanColor(thumb, { left: 0, top: 600, width: 600, height: 300 }), BLUE)).toBe(true);
  });

  it("fails on data that is not an image, and on absurd sizes", async () => {
    const png = await bands(50, 50, [RED], true);
    await expect(renderThumb(Buffer.concat([png.subarray(0, 60), Buffer.alloc(100, 7)]), size("10x10"), "x.png")).rejects.toThrow();
    await expect(renderThumb(Buffer.from("hello"), size("10x10"), "x.png")).rejects.toThrow();
    await expect(renderThumb(png, size("99999x99999"), "x.png")).rejects.toThrow(/too large/);
  });
});

describe("Thumbnailer", () => {
  it("renders a thumb once, stores it with the original's content type, and reuses it", async () => {
    const fs = new LocalFileSystem(path.join(tempDir("cairn-thumbs-"), "storage"));
    let puts = 0;
    const put = fs.put.bind(fs);
    fs.put = async (...args) => {
      puts++;
      return put(...args);
    };
    await fs.put("c/r/a.png", await bands(300, 200, [RED, GREEN], false), "image/jpeg");
    puts = 0;
    const thumbs = new Thumbnailer(fs);
    const args = { originalKey: "c/r/a.png", thumbKey: "c/r/thumbs_a.png/80x40t_a.png", size: size("80x40t"), filename: "a.png", contentType: "image/jpeg" };
    const results = await Promise.all(Array.from({ length: 10 }, () => thumbs.ensure(args)));
    expect(results).toEqual(Array(10).fill(true));
    expect(puts).toBe(1);
    expect(thumbs.pending).toBe(0);
    const st = await fs.stat(args.thumbKey);
    expect(st.contentType).toBe("image/jpeg");
    expect(st.metadata).toBeUndefined();
    expect(await sharp(await readAll(fs, args.thumbKey)).metadata()).toMatchObject({ format: "png", width: 80, height: 40 });
    expect(await thumbs.ensure(args)).toBe(true);
    expect(puts).toBe(1);
  });

  it("reports failures (original served instead) without storing anything", async () => {
    const fs = new LocalFileSystem(path.join(tempDir("cairn-thumbs-"), "storage"));
    await fs.put("c/r/bad.png", Buffer.from("not an image"), "image/png");
    const errors: unknown[] = [];
    const thumbs = new Thumbnailer(fs, (e) => errors.push(e));
    const args = { originalKey: "c/r/bad.png", thumbKey: "c/r/thumbs_bad.png/10x10_bad.png", size: size("10x10"), filename: "bad.png", contentType: "image/png" };
    expect(await Promise.all([thumbs.ensure(args), thumbs.ensure(args)])).toEqual([false, false]);
    expect(errors).toHaveLength(1);
    expect(await fs.exists(args.thumbKey)).toBe(false);
    expect(await thumbs.ensure({ ...args, originalKey: "c/r/missing.png" })).toBe(false);
  });
});
