import { createRoot } from "react-dom/client";
import { QueryClientProvider } from "@tanstack/react-query";
import { App } from "./App";
import { client, isAdminSessionValid } from "./lib/client";
import { loadAppInfo } from "./lib/appInfo";
import { initTheme } from "./lib/theme";
import { queryClient } from "./data/queryClient";
import "./styles/tokens.css";
import "./styles/base.css";
import "./styles/components.css";
import "./styles/layout.css";

initTheme();
if (isAdminSessionValid()) void loadAppInfo(client);

createRoot(document.getElementById("app")!).render(
  <QueryClientProvider client={queryClient}>
    <App />
  </QueryClientProvider>,
);
