import { useQuery } from "@tanstack/react-query";
import { ClientResponseError } from "pocketbase";
import { client } from "../../lib/client";
import { downloadJson } from "../../lib/download";
import { openApiKeys } from "./keys";

/**
 * GET /api/openapi.json with the admin's auth; null when the server has none (PocketBase v0.22
 * answers 404) or refuses it, so callers simply hide what depends on it.
 */
export async function fetchOpenApi(signal?: AbortSignal): Promise<Record<string, unknown> | null> {
  try {
    return (await client.send("/api/openapi.json", { method: "GET", requestKey: null, signal })) as Record<string, unknown>;
  } catch (err) {
    if (err instanceof ClientResponseError && !err.isAbort) return null;
    throw err;
  }
}

/** Whether the server offers the OpenAPI document (asked once per session of the docs panel). */
export function useOpenApiAvailable(enabled = true): boolean {
  const q = useQuery({ queryKey: openApiKeys.document(), queryFn: ({ signal }) => fetchOpenApi(signal), enabled, retry: false, staleTime: 0 });
  return !!q.data;
}

/** Saves a fresh copy of the document as openapi.json. */
export async function downloadOpenApi(): Promise<boolean> {
  const doc = await fetchOpenApi();
  if (!doc) return false;
  downloadJson(doc, "openapi.json");
  return true;
}
