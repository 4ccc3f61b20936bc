import type { Collection } from "../../../../data/collections/types";
import { ERR_400, ERR_403, dartHead, exampleRecord, expandFieldsParams, jsHead, ruleAccess, type DocSpec, type DocsEnv } from "../docsModel";

export default function list(c: Collection, env: DocsEnv): DocSpec {
  const rec = exampleRecord(c);
  return {
    title: `List/Search (${c.name})`,
    description: `Returns a page of ${c.name} records, with optional filter, sort, expand and fields.`,
    method: "GET",
    path: `/api/collections/${c.name}/records`,
    access: ruleAccess(c.listRule),
    queryParams: [
      { name: "page", type: "Number", description: "The page (offset) of the list; default 1." },
      { name: "perPage", type: "Number", description: "Records per page; default 30, at most 500." },
      { name: "sort", type: "String", description: "Sort fields, comma separated; - for descending, + (default) for ascending, @random for random order. E.g. -created,id." },
      { name: "filter", type: "String", description: "A filter expression, e.g. (id='abc' && created>'2022-01-01'). Operators: = != > >= < <= ~ !~ and ?= ?!= ?> ... for any-of arrays; && || and parentheses group them." },
      ...expandFieldsParams(),
      { name: "skipTotal", type: "Boolean", description: "Skip the total counts (totalItems and totalPages answer -1); faster on large collections." },
    ],
    js:
      jsHead(env) +
      `// one page of records\nconst resultList = await pb.collection('${c.name}').getList(1, 50, {\n    filter: 'created >= "2022-01-01 00:00:00"',\n});\n\n// every record at once, fetched in batches\nconst records = await pb.collection('${c.name}').getFullList({\n    sort: '-created',\n});\n\n// the first record matching a filter\nconst record = await pb.collection('${c.name}').getFirstListItem('someField="test"', {\n    expand: 'relField1,relField2.subRelField',\n});`,
    dart:
      dartHead(env) +
      `// one page of records\nfinal resultList = await pb.collection('${c.name}').getList(\n  page: 1,\n  perPage: 50,\n  filter: 'created >= "2022-01-01 00:00:00"',\n);\n\n// every record at once, fetched in batches\nfinal records = await pb.collection('${c.name}').getFullList(\n  sort: '-created',\n);\n\n// the first record matching a filter\nfinal record = await pb.collection('${c.name}').getFirstListItem(\n  'someField="test"',\n  expand: 'relField1,relField2.subRelField',\n);`,
    responses: [
      { status: 200, body: { page: 1, perPage: 30, totalPages: 1, totalItems: 2, items: [rec, { ...rec, id: "RECORD_ID2" }] } },
      ERR_400("Something went wrong while processing your request. Invalid filter."),
      ERR_403,
    ],
    notes: c.listRule === null ? [] : ["Records that do not match the list rule are left out of the answer (no error)."],
  };
}
