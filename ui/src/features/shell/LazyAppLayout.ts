import { lazyWithPreload } from "../../lib/lazyWithPreload";

/**
 * The signed-in shell (sidebar, its avatar menu, footer) in a chunk of its own: the sign-in page
 * never shows it, and its menu's Radix code would put that page over its JS budget. It loads
 * while the password is checked (LoginPage) or at once when the app starts with a session.
 */
export const AppLayout = lazyWithPreload(() => import("./AppLayout").then((m) => ({ default: m.AppLayout })));
