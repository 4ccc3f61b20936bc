import { QueryClient } from "@tanstack/react-query";

/** Server state over the SDK: no automatic retries or refetch-on-focus (the dashboard refreshes explicitly). */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: false,
      refetchOnWindowFocus: false,
      staleTime: 0,
      gcTime: 5 * 60_000,
    },
    mutations: { retry: false },
  },
});
