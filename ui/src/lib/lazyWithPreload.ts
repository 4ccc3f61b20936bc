import { createElement, lazy, useEffect, useState, useSyncExternalStore, type ComponentProps, type ComponentType } from "react";
import { handleError } from "./errors";

// Any component, as React.lazy takes.
type AnyComponent = ComponentType<any>;

export type Preloadable<C extends AnyComponent> = C & {
  /** Starts loading the component's code (once); resolves when it is there. */
  preload: () => Promise<unknown>;
  /** Whether its code is there (it then renders without suspending). */
  readonly loaded: boolean;
  /** Calls the listener once the code has arrived; returns the unsubscribe function. */
  subscribe: (listener: () => void) => () => void;
};

/**
 * `React.lazy` that renders at once when its code has already loaded. React.lazy suspends on
 * its first render even then (its promise settles a microtask later), and React holds content
 * back for up to 300 ms after a Suspense fallback showed (its fallback throttle): a page whose
 * code was preloaded during sign-in still showed a spinner and waited. Until the code is there
 * it behaves exactly as React.lazy.
 */
export function lazyWithPreload<C extends AnyComponent>(load: () => Promise<{ default: C }>): Preloadable<C> {
  let loaded: C | undefined;
  let pending: Promise<{ default: C }> | undefined;
  const listeners = new Set<() => void>();
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  };
  const preload = () =>
    (pending ??= load().then(
      (m) => {
        loaded = m.default;
        for (const l of [...listeners]) l();
        return m;
      },
      (err: unknown) => {
        pending = undefined; // a failed chunk load may be retried
        throw err;
      },
    ));
  const Lazy = lazy(preload);
  // One type for the life of each instance: React may replay a suspended lazy element and
  // commit it once its code is there, and switching that instance to the loaded component later
  // would remount the page (and cancel its queries).
  function LazyWithPreload(props: ComponentProps<C>) {
    const [Component] = useState<AnyComponent>(() => loaded ?? Lazy);
    return createElement(Component, props);
  }
  Object.defineProperty(LazyWithPreload, "loaded", { get: () => loaded !== undefined });
  return Object.assign(LazyWithPreload, { preload, subscribe }) as unknown as Preloadable<C>;
}

/**
 * Whether a lazily loaded component's code is there; while `wanted`, starts loading it, and
 * re-renders once it has arrived (from any caller's preload). Rendering the component only then
 * keeps it from suspending: React shows a suspended boundary's content no sooner than 300 ms
 * after its fallback appeared (its fallback throttle), even when the code arrives 50 ms later,
 * while this renders it as soon as it arrives. A failed load is reported (a toast) and the
 * component stays unrendered; a later preload (the next click) may still bring it.
 */
export function useLoaded(component: Preloadable<AnyComponent>, wanted = true): boolean {
  const loaded = useSyncExternalStore(component.subscribe, () => component.loaded);
  useEffect(() => {
    if (wanted && !component.loaded) component.preload().catch((err: unknown) => handleError(err));
  }, [component, wanted]);
  return loaded;
}
