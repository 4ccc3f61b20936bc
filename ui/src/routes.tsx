import type { ComponentType } from "react";
import { lazyWithPreload, type Preloadable } from "./lib/lazyWithPreload";
import { matchPattern, parseHash } from "./lib/router";
import { EntryPage } from "./features/auth/EntryPage";
import { LoginPage } from "./features/auth/LoginPage";
import { RequestPasswordResetPage } from "./features/auth/RequestPasswordResetPage";
import { ConfirmPasswordResetPage } from "./features/auth/ConfirmPasswordResetPage";

const LogsPage = lazyWithPreload(() => import("./features/logs/LogsPage"));
const CollectionsPage = lazyWithPreload(() => import("./features/collections/CollectionsPage"));
const ApplicationSettingsPage = lazyWithPreload(() => import("./features/settings/ApplicationPage"));
const MailSettingsPage = lazyWithPreload(() => import("./features/settings/mail/MailPage"));
const StorageSettingsPage = lazyWithPreload(() => import("./features/settings/storage/StoragePage"));
const AuthProvidersPage = lazyWithPreload(() => import("./features/settings/providers/AuthProvidersPage"));
const TokensSettingsPage = lazyWithPreload(() => import("./features/settings/tokens/TokensPage"));
const AdminsPage = lazyWithPreload(() => import("./features/admins/AdminsPage"));
const AccountPage = lazyWithPreload(() => import("./features/account/AccountPage"));
const RecordConfirmPasswordReset = lazyWithPreload(() => import("./features/public/RecordConfirmPasswordResetPage"));
const RecordConfirmVerification = lazyWithPreload(() => import("./features/public/RecordConfirmVerificationPage"));
const RecordConfirmEmailChange = lazyWithPreload(() => import("./features/public/RecordConfirmEmailChangePage"));
const OAuth2RedirectSuccess = lazyWithPreload(() => import("./features/public/OAuth2RedirectPage").then((m) => ({ default: m.OAuth2RedirectSuccessPage })));
const OAuth2RedirectFailure = lazyWithPreload(() => import("./features/public/OAuth2RedirectPage").then((m) => ({ default: m.OAuth2RedirectFailurePage })));
// Sync (export/import collections) and backups pages: page content only; the settings layout hosts them.
const ExportCollectionsPage = lazyWithPreload(() => import("./features/sync/ExportCollectionsPage"));
const ImportCollectionsPage = lazyWithPreload(() => import("./features/sync/ImportCollectionsPage"));
const BackupsPage = lazyWithPreload(() => import("./features/backups/BackupsPage"));

/** guest: only when not signed in; admin: signed-in admin only; public: no condition. */
export type Access = "guest" | "admin" | "public";

export interface RouteProps {
  params: Record<string, string>;
}

export interface RouteDef {
  path: string;
  access: Access;
  /** Whether the app shell's sidebar shows (for a signed-in admin). */
  sidebar: boolean;
  component: ComponentType<RouteProps>;
}

/** Starts loading the code of the page at `path` (a lazily loaded page), so it renders without a spinner. */
export function preloadRoute(path: string): void {
  const route = routes.find((r) => matchPattern(r.path, path));
  const component = route?.component as Partial<Preloadable<ComponentType<RouteProps>>> | undefined;
  void component?.preload?.().catch(() => {}); // the page reports a failed load when it renders
}

/** The route table of the dashboard. */
export const routes: RouteDef[] = [
  { path: "/", access: "public", sidebar: false, component: EntryPage },
  { path: "/login", access: "guest", sidebar: false, component: LoginPage },
  { path: "/request-password-reset", access: "guest", sidebar: false, component: RequestPasswordResetPage },
  { path: "/confirm-password-reset/:token", access: "guest", sidebar: false, component: ConfirmPasswordResetPage },

  { path: "/collections", access: "admin", sidebar: true, component: CollectionsPage },
  { path: "/logs", access: "admin", sidebar: true, component: LogsPage },
  { path: "/settings", access: "admin", sidebar: true, component: ApplicationSettingsPage },
  { path: "/settings/admins", access: "admin", sidebar: true, component: AdminsPage },
  { path: "/settings/account", access: "admin", sidebar: true, component: AccountPage },
  { path: "/settings/mail", access: "admin", sidebar: true, component: MailSettingsPage },
  { path: "/settings/storage", access: "admin", sidebar: true, component: StorageSettingsPage },
  { path: "/settings/auth-providers", access: "admin", sidebar: true, component: AuthProvidersPage },
  { path: "/settings/tokens", access: "admin", sidebar: true, component: TokensSettingsPage },
  { path: "/settings/export-collections", access: "admin", sidebar: true, component: ExportCollectionsPage },
  { path: "/settings/import-collections", access: "admin", sidebar: true, component: ImportCollectionsPage },
  { path: "/settings/backups", access: "admin", sidebar: true, component: BackupsPage },

  { path: "/users/confirm-password-reset/:token", access: "public", sidebar: false, component: RecordConfirmPasswordReset },
  { path: "/auth/confirm-password-reset/:token", access: "public", sidebar: false, component: RecordConfirmPasswordReset },
  { path: "/users/confirm-verification/:token", access: "public", sidebar: false, component: RecordConfirmVerification },
  { path: "/auth/confirm-verification/:token", access: "public", sidebar: false, component: RecordConfirmVerification },
  { path: "/users/confirm-email-change/:token", access: "public", sidebar: false, component: RecordConfirmEmailChange },
  { path: "/auth/confirm-email-change/:token", access: "public", sidebar: false, component: RecordConfirmEmailChange },
  { path: "/auth/oauth2-redirect-success", access: "public", sidebar: false, component: OAuth2RedirectSuccess },
  { path: "/auth/oauth2-redirect-failure", access: "public", sidebar: false, component: OAuth2RedirectFailure },
];

export interface GuardContext {
  /** A valid (unexpired) admin session is stored. */
  isAdmin: boolean;
  /** The address carries the installer flag. */
  installer: boolean;
}

export type Resolution =
  | { kind: "route"; route: RouteDef; params: Record<string, string> }
  | { kind: "redirect"; to: string }
  | { kind: "notfound" };

/** Whether a route's access condition holds. */
export function canEnter(route: RouteDef, ctx: GuardContext): boolean {
  if (route.access === "guest") return !ctx.isAdmin;
  if (route.access === "admin") return ctx.isAdmin;
  return true;
}

/** Where the root sends a signed-in admin (without the installer flag). */
export const ADMIN_HOME = "/collections";

/**
 * The guards, in order: the installer flag sends every route but the root to the root; the
 * root sends a signed-in admin on to the collections (EntryPage handles the other cases);
 * an unknown path is the not-found page; a failed condition sends the user to the root.
 */
export function resolveRoute(path: string, ctx: GuardContext, table: RouteDef[] = routes): Resolution {
  if (ctx.installer && path !== "/") return { kind: "redirect", to: "/" };
  if (path === "/" && ctx.isAdmin && !ctx.installer) return { kind: "redirect", to: ADMIN_HOME };
  for (const route of table) {
    const params = matchPattern(route.path, path);
    if (!params) continue;
    if (!canEnter(route, ctx)) return { kind: "redirect", to: "/" };
    return { kind: "route", route, params };
  }
  return { kind: "notfound" };
}

/** Redirects followed at most, in one render. */
const MAX_REDIRECTS = 4;

/**
 * The route to show for a path, its redirects followed (sign-in: /login → / → /collections), and
 * the address they end on (null: no redirect). Rendering the end of the chain at once spares a
 * render, a commit and an address change per hop: each hop used to render nothing and move on
 * in an effect.
 */
export function resolveShown(path: string, ctx: GuardContext, table: RouteDef[] = routes): { resolution: Resolution; redirectTo: string | null } {
  let resolution = resolveRoute(path, ctx, table);
  let redirectTo: string | null = null;
  for (let hops = 0; resolution.kind === "redirect" && hops < MAX_REDIRECTS; hops++) {
    redirectTo = resolution.to;
    resolution = resolveRoute(parseHash(resolution.to).path, ctx, table);
  }
  return { resolution, redirectTo };
}
