// A process holding the leader lease (or waiting for it) until killed: prints "leader" or "follower".
import { PgLeader } from "../../src/cluster/pgLeader.js";

const leader = await PgLeader.open({ url: process.argv[2], pollMs: 100 });
process.stdout.write(leader.isLeader() ? "leader\n" : "follower\n");
setInterval(() => undefined, 1 << 30);
