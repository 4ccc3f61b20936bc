import { createRoot } from "react-dom/client";
import { QueryClientProvider } from "@tanstack/react-query";
import { App } from "./App";
import { client, isAdminSessionValid } from "./lib/client";
import { loadAppInfo } from "./lib/appInfo";
import { initTheme } from "./lib/theme";
import { queryClient } from "./data/queryClient";
import { refreshAdminSession } from "./data/auth/refresh";
import { whenLoadedAndIdle } from "./lib/whenIdle";
import { warmFonts } from "./lib/warmFonts";
import "./styles/tokens.css";
import "./styles/base.css";
import "./styles/components.css";
import "./styles/layout.css";

initTheme();

// Application identity is read at start-up and again whenever a new admin session begins.
let infoToken = "";
const refreshAppInfo = () => {
  const token = client.authStore.token;
  if (!isAdminSessionValid() || token === infoToken) return;
  infoToken = token;
  void loadAppInfo(client);
};
client.authStore.onChange(refreshAppInfo);
void refreshAdminSession().finally(refreshAppInfo);

// Before any page needs monospace text (the records list's ids, right after a sign-in).
whenLoadedAndIdle(warmFonts);

createRoot(document.getElementById("app")!).render(
  <QueryClientProvider client={queryClient}>
    <App />
  </QueryClientProvider>,
);
