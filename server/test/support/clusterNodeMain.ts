// One cluster node for the multi-node test: what `cairn serve --db URL --dir DIR --http ADDR` does
// (createApp over the database, then serve). Arguments: databaseUrl dataDir http.
import { createApp } from "../../src/app.js";
import { serve } from "../../src/cli/serve.js";

const [databaseUrl, dataDir, http] = process.argv.slice(2);
const app = await createApp({ dataDir, databaseUrl, dev: process.env.CAIRN_NODE_DEV === "1" });
await serve(app, { http, out: (s) => process.stdout.write(s + "\n") });
