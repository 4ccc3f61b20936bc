import { createHash, randomBytes } from "node:crypto";
import { createReadStream, existsSync, promises as fsp } from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  assertKey,
  assertPrefix,
  ATTRS_SUFFIX,
  FileNotFoundError,
  InvalidKeyError,
  type ByteRange,
  type FileEntry,
  type FileStat,
  type FileSystem,
  type LocalSource,
  type PutOptions,
} from "./filesystem.js";

/**
 * The sidecar written next to every stored file, in the format of the reference's local
 * blob storage (`<file>.attrs`, JSON, these keys in this order). The reference reads a
 * file's content type and original name from it, so Cairn writes it for every file and
 * reads it back for stat().
 */
interface Attrs {
  "user.cache_control": string;
  "user.content_disposition": string;
  "user.content_encoding": string;
  "user.content_language": string;
  "user.content_type": string;
  "user.metadata": Record<string, string> | null;
  md5: string;
}

/** Temporary files carry a `%`, which no key may contain, so they never show up as keys. */
const TMP_MARK = ".%tmp%";

/** Files under a local directory (`<dataDir>/storage` for uploads), laid out exactly like the reference's. */
export class LocalFileSystem implements FileSystem {
  readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  /** The absolute path of a key; throws InvalidKeyError for keys that are unsafe or would leave the root. */
  pathOf(key: string): string {
    assertKey(key);
    const p = path.resolve(this.root, key);
    if (!p.startsWith(this.root + path.sep)) throw new InvalidKeyError(key, "outside the storage root");
    return p;
  }

  async put(key: string, data: Buffer | Readable, contentType: string, opts: PutOptions = {}): Promise<void> {
    const file = this.pathOf(key);
    await fsp.mkdir(path.dirname(file), { recursive: true });
    const tmp = `${file}${TMP_MARK}${randomBytes(6).toString("hex")}`;
    const md5 = createHash("md5");
    try {
      if (Buffer.isBuffer(data)) {
        md5.update(data);
        await fsp.writeFile(tmp, data);
      } else {
        // Open first so the temp file surely exists (and is closed) before any cleanup.
        const out = (await fsp.open(tmp, "w")).createWriteStream();
        try {
          await pipeline(
            data,
            async function* (source: AsyncIterable<Buffer | string>) {
              for await (const chunk of source) {
                const b = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
                md5.update(b);
                yield b;
              }
            },
            out,
          );
        } finally {
          if (!out.closed) await new Promise<void>((resolve) => out.once("close", () => resolve()));
        }
      }
      await this.writeAttrs(file, contentType, opts, md5.digest("base64"));
      await fsp.rename(tmp, file);
    } catch (err) {
      await fsp.rm(tmp, { force: true });
      throw err;
    }
  }

  async putFile(key: string, src: LocalSource, contentType: string, opts: PutOptions = {}): Promise<void> {
    const file = this.pathOf(key);
    await fsp.mkdir(path.dirname(file), { recursive: true });
    const md5 = src.md5 ?? (await md5OfFile(src.path));
    await this.writeAttrs(file, contentType, opts, md5);
    try {
      await fsp.rename(src.path, file);
    } catch (err) {
      // A temp dir on another filesystem: copy instead (still streaming).
      if ((err as NodeJS.ErrnoException).code !== "EXDEV") throw err;
      await this.put(key, createReadStream(src.path), contentType, opts);
    }
  }

  /** Writes a file's `.attrs` sidecar (atomically: a temp file renamed over it). */
  private async writeAttrs(file: string, contentType: string, opts: PutOptions, md5: string): Promise<void> {
    const attrs: Attrs = {
      "user.cache_control": "",
      "user.content_disposition": "",
      "user.content_encoding": "",
      "user.content_language": "",
      "user.content_type": contentType,
      "user.metadata": opts.metadata && Object.keys(opts.metadata).length ? { ...opts.metadata } : null,
      md5,
    };
    const attrsTmp = `${file}${ATTRS_SUFFIX}${TMP_MARK}${randomBytes(6).toString("hex")}`;
    await fsp.writeFile(attrsTmp, JSON.stringify(attrs));
    await fsp.rename(attrsTmp, file + ATTRS_SUFFIX);
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await fsp.stat(this.pathOf(key))).isFile();
    } catch (err) {
      if (err instanceof InvalidKeyError) throw err;
      return false;
    }
  }

  async stat(key: string): Promise<FileStat> {
    const file = this.pathOf(key);
    let st;
    try {
      st = await fsp.stat(file);
    } catch {
      throw new FileNotFoundError(key);
    }
    if (!st.isFile()) throw new FileNotFoundError(key);
    const out: FileStat = { size: st.size, modified: st.mtime };
    const attrs = await readAttrs(file);
    if (attrs) {
      if (typeof attrs["user.content_type"] === "string") out.contentType = attrs["user.content_type"];
      const meta = attrs["user.metadata"];
      if (meta && typeof meta === "object") out.metadata = { ...meta };
    }
    return out;
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    const file = this.pathOf(key);
    let handle;
    try {
      handle = await fsp.open(file, "r");
      if (!(await handle.stat()).isFile()) throw new Error("not a file");
    } catch {
      await handle?.close();
      throw new FileNotFoundError(key);
    }
    return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
  }

  async delete(key: string): Promise<void> {
    const file = this.pathOf(key);
    await fsp.rm(file + ATTRS_SUFFIX, { force: true });
    try {
      await fsp.unlink(file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
    }
  }

  async deletePrefix(prefix: string): Promise<number> {
    if (prefix === "") throw new InvalidKeyError(prefix, "an empty prefix would delete everything");
    // Most deleted records own no files: one existence check instead of walking a missing
    // directory (a failed readdir builds an error with a stack: it was most of a delete's cost).
    assertPrefix(prefix);
    const base = prefix.includes("/") ? prefix.slice(0, prefix.lastIndexOf("/")) : "";
    if (base !== "" && !existsSync(path.join(this.root, base))) return 0;
    const entries = await this.list(prefix);
    for (const e of entries) await this.delete(e.key);
    // Like the reference, remove the directories the deletion left empty (inside the prefix only).
    const dirs = (await this.walk(prefix)).dirs.filter((d) => (d + "/").startsWith(prefix));
    dirs.sort((a, b) => b.length - a.length);
    for (const d of dirs) {
      try {
        await fsp.rmdir(path.join(this.root, d));
      } catch {
        /* not empty (or already gone): keep */
      }
    }
    return entries.length;
  }

  async list(prefix: string): Promise<FileEntry[]> {
    const { files } = await this.walk(prefix);
    const out: FileEntry[] = [];
    for (const f of files) {
      if (!f.key.startsWith(prefix)) continue;
      out.push(f);
    }
    return out.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }

  async close(): Promise<void> {
    /* nothing to release */
  }

  /** Files and directories under the deepest directory the prefix names. */
  private async walk(prefix: string): Promise<{ files: FileEntry[]; dirs: string[] }> {
    assertPrefix(prefix);
    const baseRel = prefix.includes("/") ? prefix.slice(0, prefix.lastIndexOf("/")) : "";
    const files: FileEntry[] = [];
    const dirs: string[] = [];
    const visit = async (rel: string): Promise<void> => {
      let items;
      try {
        items = await fsp.readdir(rel ? path.join(this.root, rel) : this.root, { withFileTypes: true });
      } catch {
        return;
      }
      for (const it of items) {
        const childRel = rel ? `${rel}/${it.name}` : it.name;
        if (it.isDirectory()) {
          // Only descend where keys can still match the prefix.
          if (!(childRel + "/").startsWith(prefix) && !prefix.startsWith(childRel + "/")) continue;
          dirs.push(childRel);
          await visit(childRel);
        } else if (it.isFile()) {
          if (it.name.endsWith(ATTRS_SUFFIX) || it.name.includes("%")) continue;
          if (!childRel.startsWith(prefix)) continue;
          try {
            const st = await fsp.stat(path.join(this.root, childRel));
            files.push({ key: childRel, size: st.size, modified: st.mtime });
          } catch {
            /* vanished meanwhile */
          }
        }
      }
    };
    await visit(baseRel);
    if (baseRel) dirs.push(baseRel);
    return { files, dirs };
  }
}

async function md5OfFile(file: string): Promise<string> {
  const hash = createHash("md5");
  await pipeline(createReadStream(file), hash);
  return hash.digest("base64");
}

async function readAttrs(file: string): Promise<Partial<Attrs> | null> {
  try {
    const v = JSON.parse(await fsp.readFile(file + ATTRS_SUFFIX, "utf8")) as unknown;
    return v && typeof v === "object" ? (v as Partial<Attrs>) : null;
  } catch {
    return null;
  }
}
