import { describe, expect } from "vitest";
import { differential } from "../../test/support/differential.js";
import { admin, cases, collection, guest, rid } from "../../test/support/records.js";

const PW = { password: "12345678", passwordConfirm: "12345678" };
const MEMBERS = {
  id: "members00000001",
  name: "members",
  type: "auth",
  schema: [{ name: "nick", type: "text" }],
  listRule: "", viewRule: "", createRule: "", updateRule: "", deleteRule: "",
  options: { requireEmail: true, minPasswordLength: 10, onlyEmailDomains: ["ok.com"], allowEmailAuth: true, allowUsernameAuth: true },
};

describe("records: auth collections", () => {
  differential([
    collection(MEMBERS),
    ...cases([
      ["empty body", admin.create("users", {})],
      ["bad inputs", admin.create("users", { password: "123", passwordConfirm: "1234", email: "bad", username: "a b", verified: "x", emailVisibility: 1 })],
      ["admin creates", admin.create("users", { id: rid("u1"), ...PW, email: "u1@example.com", username: "user_one", verified: true, name: "N" })],
      ["email taken", admin.create("users", { id: rid("u2"), ...PW, email: "u1@example.com", username: "users12345" })],
      ["guest cannot verify", guest.create("users", { id: rid("u3"), ...PW, email: "u3@example.com", username: "bob", verified: true })],
      ["guest creates hidden email", guest.create("users", { id: rid("u4"), ...PW, email: "u4@example.com", username: "Us_er.4-x", verified: false })],
      ["guest creates visible email", guest.create("users", { id: rid("u5"), ...PW, email: "u5@example.com", username: "user5", emailVisibility: true })],
      ["short username", guest.create("users", { ...PW, username: "us" })],
      ["username taken ignoring case", guest.create("users", { ...PW, username: "USER5" })],
      ["username with a bad start", guest.create("users", { ...PW, username: ".user" })],
      ["password too long", guest.create("users", { password: "x".repeat(73), passwordConfirm: "x".repeat(73), username: "longpw" })],
      ["guest list (rule needs auth)", guest.list("users")],
      ["admin list", admin.list("users", "?sort=id")],
      ["admin filter on email", admin.list("users", "?filter=" + encodeURIComponent("email ~ 'example'") + "&sort=id")],
      ["guest view", guest.view("users", rid("u1"))],
      ["admin view", admin.view("users", rid("u4"))],
      ["password without confirm", admin.update("users", rid("u1"), { password: "abcdefgh" })],
      ["password change and username", admin.update("users", rid("u1"), { ...PW, username: "bobby" })],
      ["username cleared", admin.update("users", rid("u1"), { username: "" })],
      ["email cleared and visibility", admin.update("users", rid("u4"), { email: "", emailVisibility: "1", verified: 0 })],
      ["username and email taken", admin.update("users", rid("u4"), { username: "bobby", email: "u5@example.com" })],
      ["members: email required", guest.create("members", { ...PW, username: "m1" })],
      ["members: domain and password length", guest.create("members", { ...PW, username: "m1", email: "m@bad.com" })],
      ["members: created", guest.create("members", { id: rid("m1"), password: "1234567890", passwordConfirm: "1234567890", username: "m1", email: "m@ok.com", nick: "x" })],
      ["members: guest list hides email", guest.list("members")],
      ["members: guest filter on hidden email", guest.list("members", "?filter=" + encodeURIComponent("email = 'm@ok.com'"))],
      ["members: admin list shows email", admin.list("members")],
      ["members: guest update needs old password", guest.update("members", rid("m1"), { password: "abcdefghij", passwordConfirm: "abcdefghij" })],
      ["members: guest cannot clear a required email", guest.update("members", rid("m1"), { email: "" })],
      ["members: guest update", guest.update("members", rid("m1"), { nick: "y", emailVisibility: true })],
      ["members: guest delete", guest.del("members", rid("m1"))],
    ]),
    {
      name: "a generated username starts with the collection name",
      req: guest.create("members", { password: "1234567890", passwordConfirm: "1234567890", email: "m2@ok.com" }),
      compare: "shape",
      check: (a) => expect((a.body as { username: string }).username).toMatch(/^members[1-9]{5}$/),
    },
  ]);
});
