import type { Collection } from "../../../../data/collections/types";
import { ERR_403, ERR_404, dartHead, exampleRecord, expandFieldsParams, jsHead, ruleAccess, type DocSpec, type DocsEnv } from "../docsModel";

export default function view(c: Collection, env: DocsEnv): DocSpec {
  return {
    title: `View (${c.name})`,
    description: `Returns one ${c.name} record by its id.`,
    method: "GET",
    path: `/api/collections/${c.name}/records/:id`,
    access: ruleAccess(c.viewRule),
    pathParams: [{ name: "id", type: "String", required: true, description: "Id of the record to view." }],
    queryParams: expandFieldsParams(),
    js: jsHead(env) + `const record = await pb.collection('${c.name}').getOne('RECORD_ID', {\n    expand: 'relField1,relField2.subRelField',\n});`,
    dart: dartHead(env) + `final record = await pb.collection('${c.name}').getOne('RECORD_ID',\n  expand: 'relField1,relField2.subRelField',\n);`,
    responses: [{ status: 200, body: exampleRecord(c) }, ERR_403, ERR_404],
  };
}
