import { client } from "../../lib/client";

const probes = new Map<string, Promise<boolean>>();

/**
 * Whether the server has the records export and import endpoints (Cairn): asked once per server
 * with an export that matches nothing. PocketBase v0.22 reads the path as the record "export"
 * and answers 404; the dashboard then exports by paging the list and imports by creating records.
 */
export function recordsTransferSupported(collectionId: string): Promise<boolean> {
  const key = client.baseUrl;
  let probe = probes.get(key);
  if (!probe) {
    const url = client.buildUrl(`/api/collections/${encodeURIComponent(collectionId)}/records/export`) + "?format=json&fields=id&filter=" + encodeURIComponent("id = ''");
    probe = fetch(url, { headers: { Authorization: client.authStore.token } }).then(
      (res) => res.ok,
      () => false,
    );
    probe.then((ok) => (ok ? undefined : probes.delete(key))); // a refused probe may be asked again
    probes.set(key, probe);
  }
  return probe;
}
