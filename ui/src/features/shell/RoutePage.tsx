import { createElement, type ComponentType, type ReactNode } from "react";
import { useLoaded, type Preloadable } from "../../lib/lazyWithPreload";
import type { RouteProps } from "../../routes";

function isPreloadable(c: ComponentType<RouteProps>): c is Preloadable<ComponentType<RouteProps>> {
  return typeof (c as Partial<Preloadable<ComponentType<RouteProps>>>).preload === "function";
}

/**
 * A route's page: a lazily loaded one shows `loader` until its code is there and then renders at
 * once. Suspending instead, React revealed it no sooner than 300 ms after the loader appeared (its
 * fallback throttle), and the page's requests (the logs list) went out only then.
 */
export function RoutePage({ page, params, loader }: { page: ComponentType<RouteProps>; params: Record<string, string>; loader: ReactNode }) {
  return isPreloadable(page) ? <LazyRoutePage page={page} params={params} loader={loader} /> : createElement(page, { params });
}

function LazyRoutePage({ page, params, loader }: { page: Preloadable<ComponentType<RouteProps>>; params: Record<string, string>; loader: ReactNode }) {
  const loaded = useLoaded(page);
  return loaded ? createElement(page, { params }) : <>{loader}</>;
}
