import { Transform } from "node:stream";

/** A pass-through stream telling `onBytes` the size of each chunk going by (progress reporting). */
export function byteCounter(onBytes: (bytes: number) => void): Transform {
  return new Transform({
    transform(chunk: Buffer, _enc, cb) {
      onBytes(chunk.length);
      cb(null, chunk);
    },
  });
}
