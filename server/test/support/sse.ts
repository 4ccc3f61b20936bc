import PocketBase from "pocketbase";
import { EventSource } from "eventsource";
import type { RunningServer } from "./servers.js";

// The SDK's realtime service needs a global EventSource, which Node 20 does not have.
(globalThis as { EventSource?: unknown }).EventSource ??= EventSource;

export { PocketBase };

/** One received SSE message. */
export interface SseMessage {
  id: string;
  event: string;
  data: string;
}

/** A raw SSE connection to `/api/realtime`, reading frames as they come. */
export interface RawSse {
  clientId: string;
  messages: SseMessage[];
  /** The response headers. */
  headers: Headers;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

export async function openSse(server: RunningServer): Promise<RawSse> {
  const ctl = new AbortController();
  const res = await fetch(server.url + "/api/realtime", { signal: ctl.signal });
  const reader = res.body!.getReader();
  const dec = new TextDecoder();
  const messages: SseMessage[] = [];
  let buf = "";
  let gotFirst: (() => void) | undefined;
  const first = new Promise<void>((r) => (gotFirst = r));
  const ended = (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buf += dec.decode(value, { stream: true });
        let end: number;
        while ((end = buf.indexOf("\n\n")) >= 0) {
          const frame = buf.slice(0, end);
          buf = buf.slice(end + 2);
          const m: SseMessage = { id: "", event: "", data: "" };
          for (const line of frame.split("\n")) {
            const i = line.indexOf(":");
            const [k, v] = i < 0 ? [line, ""] : [line.slice(0, i), line.slice(i + 1)];
            if (k === "id" || k === "event" || k === "data") m[k] = v;
          }
          messages.push(m);
          gotFirst?.();
        }
      }
    } catch {
      /* aborted */
    }
  })();
  await first;
  return { clientId: messages[0]!.id, messages, headers: res.headers, ended, close: () => ctl.abort() };
}

/** Waits until `fn` holds (polling), or fails after `ms`. */
export async function until(fn: () => boolean | Promise<boolean>, ms = 3000, what = "condition"): Promise<void> {
  const end = Date.now() + ms;
  while (!(await fn())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Waits until `list` stops growing for `quietMs`. */
export async function settle(list: { length: number }, quietMs = 300, maxMs = 5000): Promise<void> {
  const end = Date.now() + maxMs;
  let n = -1;
  while (n !== list.length && Date.now() < end) {
    n = list.length;
    await new Promise((r) => setTimeout(r, quietMs));
  }
}
