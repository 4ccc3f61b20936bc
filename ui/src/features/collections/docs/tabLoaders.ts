import type { Collection } from "../../../data/collections/types";
import type { DocSpec, DocsEnv, DocsTabId } from "./docsModel";

type Builder = (c: Collection, env: DocsEnv) => DocSpec;

/** Each tab's content is a module of its own, loaded when the tab is first shown. */
export const TAB_LOADERS: Record<DocsTabId, () => Promise<{ default: Builder }>> = {
  list: () => import("./tabs/list"),
  view: () => import("./tabs/view"),
  create: () => import("./tabs/create"),
  update: () => import("./tabs/update"),
  delete: () => import("./tabs/delete"),
  realtime: () => import("./tabs/realtime"),
  "auth-with-password": () => import("./tabs/authWithPassword"),
  "auth-with-oauth2": () => import("./tabs/authWithOAuth2"),
  "auth-refresh": () => import("./tabs/authRefresh"),
  "request-verification": () => import("./tabs/requestVerification"),
  "confirm-verification": () => import("./tabs/confirmVerification"),
  "request-password-reset": () => import("./tabs/requestPasswordReset"),
  "confirm-password-reset": () => import("./tabs/confirmPasswordReset"),
  "request-email-change": () => import("./tabs/requestEmailChange"),
  "confirm-email-change": () => import("./tabs/confirmEmailChange"),
  "auth-methods": () => import("./tabs/authMethods"),
  "list-external-auths": () => import("./tabs/listExternalAuths"),
  "unlink-external-auth": () => import("./tabs/unlinkExternalAuth"),
  export: () => import("./tabs/exportRecords"),
  import: () => import("./tabs/importRecords"),
  "request-otp": () => import("./tabs/requestOtp"),
  "auth-with-otp": () => import("./tabs/authWithOtp"),
  "auth-with-totp": () => import("./tabs/authWithTotp"),
  "totp-setup": () => import("./tabs/totpSetup"),
  "totp-confirm": () => import("./tabs/totpConfirm"),
  "totp-remove": () => import("./tabs/totpRemove"),
};
