import { useCallback, useEffect, useRef, useState } from "react";
import { testBackupsS3 } from "../../data/backups/testBackupsS3";
import { isAbortError } from "../../lib/errors";

/** The first test starts this long after the settings load. */
export const S3_TEST_DELAY_MS = 100;

export type S3Status = { state: "idle" } | { state: "testing" } | { state: "connected" } | { state: "failed"; message: string };

/**
 * The live S3 connection status of the backups storage: tested shortly after load when the saved
 * settings have S3 on, and on demand (after a save turned it on or changed it). A newer test or cancel() aborts a pending one.
 */
export function useS3Status(savedEnabled: boolean | null) {
  const [status, setStatus] = useState<S3Status>({ state: "idle" });
  const controller = useRef<AbortController | null>(null);

  const cancel = useCallback(() => {
    controller.current?.abort();
    controller.current = null;
    setStatus((s) => (s.state === "testing" ? { state: "idle" } : s));
  }, []);

  const run = useCallback(async (): Promise<boolean> => {
    controller.current?.abort();
    const c = new AbortController();
    controller.current = c;
    setStatus({ state: "testing" });
    try {
      const message = await testBackupsS3(c.signal);
      if (controller.current === c) setStatus(message ? { state: "failed", message } : { state: "connected" });
      return !message;
    } catch (err) {
      if (!isAbortError(err) && controller.current === c) setStatus({ state: "idle" });
      return false;
    } finally {
      if (controller.current === c) controller.current = null;
    }
  }, []);

  // Only the first load tests by itself; after a save the form runs the test and awaits its answer.
  const loaded = useRef(false);
  useEffect(() => {
    if (savedEnabled === null || loaded.current) return;
    if (!savedEnabled) {
      loaded.current = true;
      return;
    }
    const t = setTimeout(() => {
      loaded.current = true;
      void run();
    }, S3_TEST_DELAY_MS);
    return () => clearTimeout(t);
  }, [savedEnabled, run]);

  useEffect(() => () => controller.current?.abort(), []);

  return { status, run, cancel };
}
