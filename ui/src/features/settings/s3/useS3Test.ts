import { useCallback, useEffect, useRef, useState } from "react";
import { cancelS3Test, S3_TEST_TIMEOUT_MESSAGE, S3_TEST_TIMEOUT_MS, testS3 } from "../../../data/settings/testS3";
import { isAbortError, normalizeError } from "../../../lib/errors";

export type S3TestState = "idle" | "testing" | "connected" | "failed";

/** Delay of the first test after the page loaded. */
export const S3_TEST_DELAY_MS = 100;

/**
 * The live S3 connection test of one filesystem: testing, then connected or failed (with the
 * server's message). Gives up after 30 s; a cancelled test is ignored silently.
 */
export function useS3Test(filesystem: string) {
  const requestKey = `test_s3_${filesystem}`;
  const [state, setState] = useState<S3TestState>("idle");
  const [error, setError] = useState("");
  const run = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const stopTimer = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  };

  const cancel = useCallback(() => {
    run.current++;
    stopTimer();
    cancelS3Test(requestKey);
  }, [requestKey]);

  /** Resolves true when connected. */
  const test = useCallback(async (): Promise<boolean> => {
    cancel();
    const id = run.current;
    setState("testing");
    setError("");
    let timedOut = false;
    timer.current = setTimeout(() => {
      timedOut = true;
      cancelS3Test(requestKey);
    }, S3_TEST_TIMEOUT_MS);
    try {
      await testS3(filesystem, requestKey);
      if (id !== run.current) return false;
      setState("connected");
      return true;
    } catch (err) {
      if (id !== run.current) return false;
      if (isAbortError(err) && !timedOut) {
        setState("idle");
        return false;
      }
      setState("failed");
      setError(timedOut ? S3_TEST_TIMEOUT_MESSAGE : normalizeError(err).message);
      return false;
    } finally {
      if (id === run.current) stopTimer();
    }
  }, [cancel, filesystem, requestKey]);

  useEffect(() => cancel, [cancel]);

  return { state, error, test, cancel };
}

/**
 * The tests a page runs by itself: S3_TEST_DELAY_MS after the settings load with S3 on, and
 * again when the form's toggle is switched back on while the saved settings have it on;
 * switching it off cancels a pending test. (Saves run their own test and await it.)
 */
export function useS3AutoTest(s3: Pick<ReturnType<typeof useS3Test>, "test" | "cancel">, savedEnabled: boolean, formEnabled: boolean | undefined): void {
  const saved = useRef(savedEnabled);
  saved.current = savedEnabled;
  const { test, cancel } = s3;
  useEffect(() => {
    if (!formEnabled) {
      cancel();
      return;
    }
    if (!saved.current) return;
    const t = setTimeout(() => void test(), S3_TEST_DELAY_MS);
    return () => clearTimeout(t);
  }, [formEnabled, test, cancel]);
}
