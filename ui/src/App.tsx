import { Suspense, useEffect, useLayoutEffect } from "react";
import { resolveShown } from "./routes";
import { currentLocation, navigate, parseHash, useHashLocation } from "./lib/router";
import { useAuthToken } from "./lib/authState";
import { isAdminSessionValid } from "./lib/client";
import { hasInstallerFlag } from "./lib/session";
import { clearFormErrors } from "./lib/formErrors";
import { composeTitle, pageTitleStore } from "./lib/title";
import { appInfoStore } from "./lib/appInfo";
import { useStore } from "./lib/store";
import { Toasts } from "./components/Toasts";
import { Confirm } from "./components/Confirm";
import { Spinner } from "./components/Spinner";
import { AppLayout } from "./features/shell/LazyAppLayout";
import { PublicLayout } from "./features/shell/PublicLayout";
import { NotFoundPage } from "./features/shell/NotFoundPage";
import { RoutePage } from "./features/shell/RoutePage";

function DocumentTitle() {
  const pageTitle = useStore(pageTitleStore);
  const { appName } = useStore(appInfoStore);
  useEffect(() => {
    document.title = composeTitle(pageTitle, appName);
  }, [pageTitle, appName]);
  return null;
}

// A session at start: the shell's code loads beside the page's instead of before it.
if (isAdminSessionValid()) void AppLayout.preload().catch(() => {});

const pageLoader = (
  <div className="page-loader">
    <Spinner size="lg" />
  </div>
);

export function App() {
  const location = useHashLocation();
  useAuthToken();
  const isAdmin = isAdminSessionValid();
  const { resolution, redirectTo } = resolveShown(location.path, { isAdmin, installer: hasInstallerFlag() });
  // The path on screen: where the redirects end, before the address has caught up.
  const shownPath = redirectTo === null ? location.path : parseHash(redirectTo).path;

  // Runs before the page's own (passive) title effect: every route change starts clean.
  useLayoutEffect(() => {
    pageTitleStore.set("");
    clearFormErrors();
  }, [shownPath]);

  // The address follows the redirects already rendered.
  useEffect(() => {
    // Only from where this render was: a passive effect can run after the page has moved on,
    // and redirecting then would bounce the page that is already there (and remount it).
    if (redirectTo !== null && currentLocation().raw === location.raw) navigate(redirectTo, { replace: true });
  }, [redirectTo, location.raw]);

  let content: React.ReactNode = null;
  if (resolution.kind === "notfound") {
    content = (
      <PublicLayout>
        <NotFoundPage />
      </PublicLayout>
    );
  } else if (resolution.kind === "route") {
    const { route, params } = resolution;
    const Page = route.component;
    const page = (
      <Suspense fallback={pageLoader}>
        <RoutePage key={route.path + JSON.stringify(params)} page={Page} params={params} loader={pageLoader} />
      </Suspense>
    );
    content = route.sidebar && isAdmin ? (
      <Suspense fallback={pageLoader}>
        <AppLayout path={shownPath}>{page}</AppLayout>
      </Suspense>
    ) : (
      <PublicLayout>{page}</PublicLayout>
    );
  }

  return (
    <>
      <DocumentTitle />
      {content}
      <Toasts />
      <Confirm />
    </>
  );
}
