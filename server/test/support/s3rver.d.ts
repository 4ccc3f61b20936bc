declare module "s3rver" {
  interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    directory?: string;
    resetOnClose?: boolean;
    allowMismatchedSignatures?: boolean;
    vhostBuckets?: boolean;
    configureBuckets?: { name: string; configs?: (string | Buffer)[] }[];
  }
  /** The slice of a Koa context the tests' extra middleware uses. */
  interface KoaContext {
    method: string;
    path: string;
    query: Record<string, string | string[] | undefined>;
    status: number;
    type: string;
    body: unknown;
  }
  export default class S3rver {
    constructor(options?: S3rverOptions);
    /** Koa's middleware list (s3rver is a Koa app). */
    middleware: ((ctx: KoaContext, next: () => Promise<void>) => unknown)[];
    /** The filesystem store (`getResourcePath` locates a bucket's bookkeeping, e.g. "uploads"). */
    store: { getResourcePath(bucket: string, key: string | undefined, resource: string): string };
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}
