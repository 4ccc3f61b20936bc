import type { Collection } from "../../../../data/collections/types";
import { dartHead, exampleRecord, jsHead, ruleAccess, type DocSpec, type DocsEnv } from "../docsModel";

export default function realtime(c: Collection, env: DocsEnv): DocSpec {
  return {
    title: `Realtime (${c.name})`,
    description: `Subscribes to create, update and delete events of ${c.name} records over Server-Sent Events. The SDK opens /api/realtime, receives a client id, then posts its subscriptions.`,
    method: "GET",
    path: "/api/realtime",
    access: `Every event is checked against the record rules: "*" subscriptions use the list rule (${ruleAccess(c.listRule)}), single-record subscriptions the view rule (${ruleAccess(c.viewRule)}).`,
    bodyParams: [
      { name: "clientId", type: "String", required: true, description: "The id sent by the server in the PB_CONNECT event (POST /api/realtime)." },
      { name: "subscriptions", type: "Array<String>", description: `Topics: "${c.name}" (or "${c.name}/*") for every record, "${c.name}/RECORD_ID" for one record. An empty list unsubscribes from everything.` },
    ],
    js:
      jsHead(env) +
      `// (optionally) authenticate first\nawait pb.collection('users').authWithPassword('test@example.com', '123456');\n\n// changes of any record\npb.collection('${c.name}').subscribe('*', function (e) {\n    console.log(e.action);\n    console.log(e.record);\n}, { /* other options like expand, custom headers, etc. */ });\n\n// changes of one record\npb.collection('${c.name}').subscribe('RECORD_ID', function (e) {\n    console.log(e.action);\n    console.log(e.record);\n});\n\n// stop listening\npb.collection('${c.name}').unsubscribe('RECORD_ID'); // one record\npb.collection('${c.name}').unsubscribe('*');         // "*" topic\npb.collection('${c.name}').unsubscribe();            // every topic of the collection`,
    dart:
      dartHead(env) +
      `// (optionally) authenticate first\nawait pb.collection('users').authWithPassword('test@example.com', '123456');\n\n// changes of any record\npb.collection('${c.name}').subscribe('*', (e) {\n  print(e.action);\n  print(e.record);\n});\n\n// changes of one record\npb.collection('${c.name}').subscribe('RECORD_ID', (e) {\n  print(e.action);\n  print(e.record);\n});\n\n// stop listening\npb.collection('${c.name}').unsubscribe('RECORD_ID'); // one record\npb.collection('${c.name}').unsubscribe('*');         // "*" topic\npb.collection('${c.name}').unsubscribe();            // every topic of the collection`,
    responses: [
      { status: 200, body: { action: "create", record: exampleRecord(c) } },
      { status: 204, body: null },
    ],
    notes: ["The event action is one of create, update or delete; record is the record as the subscriber may see it."],
  };
}
