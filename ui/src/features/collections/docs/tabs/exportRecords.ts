import type { Collection } from "../../../../data/collections/types";
import { ERR_400, ERR_403, dartHead, exampleRecord, jsHead, ruleAccess, type DocSpec, type DocsEnv } from "../docsModel";

export default function exportRecords(c: Collection, env: DocsEnv): DocSpec {
  const path = `/api/collections/${c.name}/records/export`;
  return {
    title: `Export (${c.name})`,
    description: `Cairn only: every ${c.name} record matching the filter and sort, streamed in one download as CSV (RFC 4180, a header row; multi-values as JSON text) or a JSON array.`,
    method: "GET",
    path,
    access: ruleAccess(c.listRule),
    queryParams: [
      { name: "format", type: "String", description: "csv (default) or json." },
      { name: "filter", type: "String", description: "A filter expression, as for the list." },
      { name: "sort", type: "String", description: "Sort fields, as for the list." },
      { name: "fields", type: "String", description: "The fields to export (the CSV columns, in this order), e.g. id,title,created." },
    ],
    js: jsHead(env) + `const res = await fetch(pb.buildUrl('${path}?format=csv&sort=-created'), {\n    headers: { Authorization: pb.authStore.token },\n});\nconst csv = await res.text();`,
    dart: dartHead(env) + `final res = await http.get(\n  pb.buildUrl('${path}', {'format': 'csv', 'sort': '-created'}),\n  headers: {'Authorization': pb.authStore.token},\n);`,
    responses: [{ status: 200, body: [exampleRecord(c)] }, ERR_400("Invalid export format."), ERR_403],
    notes: ["Records the list rule hides are left out, as in the list.", "Read from one snapshot, 500 records at a time as the client takes the answer: memory stays flat whatever the size."],
  };
}
