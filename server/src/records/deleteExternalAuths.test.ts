import { describe, expect, it } from "vitest";
import { externalAuthsRepo } from "../db/externalAuths.js";
import { call } from "../../test/support/client.js";
import { cairnWithEvents } from "../../test/support/events.js";

/** An auth record's OAuth2 links are deleted in its delete's transaction: with it, or not at all. */
describe("deleting an auth record removes its OAuth2 links", () => {
  const env = cairnWithEvents(async ({ cairn, token }) => {
    const members = await call(cairn, { method: "POST", path: "/api/collections", token, body: { name: "members", type: "auth", schema: [] } });
    if (members.status !== 200) throw new Error(JSON.stringify(members.body));
    const membersId = (members.body as { id: string }).id;
    // A required relation to a member refuses that member's delete (and rolls it back).
    const owner = { name: "owner", type: "relation", required: true, options: { collectionId: membersId, maxSelect: 1, cascadeDelete: false } };
    const pets = await call(cairn, { method: "POST", path: "/api/collections", token, body: { name: "pets", type: "base", schema: [owner] } });
    if (pets.status !== 200) throw new Error(JSON.stringify(pets.body));
  });

  const newUser = async (email: string) => {
    const { cairn, token } = env;
    const res = await call(cairn, { method: "POST", path: "/api/collections/members/records", token, body: { email, password: "1234567890", passwordConfirm: "1234567890" } });
    const user = res.body as { id: string; collectionId: string };
    await cairn.app.db.transaction((tx) => externalAuthsRepo.insert(tx, user.collectionId, user.id, "google", `g-${user.id}`));
    return user;
  };
  const links = (u: { id: string; collectionId: string }) => externalAuthsRepo.listForRecord(env.cairn.app.db, u.collectionId, u.id);

  it("keeps them when the delete is refused, removes them when it commits", async () => {
    const { cairn, token } = env;
    const kept = await newUser("kept@example.com");
    const gone = await newUser("gone@example.com");
    const pet = await call(cairn, { method: "POST", path: "/api/collections/pets/records", token, body: { owner: kept.id } });
    expect(pet.status, JSON.stringify(pet.body)).toBe(200);

    const refused = await call(cairn, { method: "DELETE", path: `/api/collections/members/records/${kept.id}`, token });
    expect(refused.status).toBe(400);
    expect(await links(kept)).toHaveLength(1);

    const deleted = await call(cairn, { method: "DELETE", path: `/api/collections/members/records/${gone.id}`, token });
    expect(deleted.status).toBe(204);
    expect(await links(gone)).toHaveLength(0);
    expect(await links(kept)).toHaveLength(1);
  });
});
