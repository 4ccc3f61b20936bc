import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { registerTurnGate } from "./turnGate.js";

/** A server whose handlers note the turn of the event loop they started in (a setImmediate ticker counts turns). */
function server(perTurn: number) {
  const app = Fastify();
  registerTurnGate(app, perTurn);
  let turn = 0;
  let ticking = true;
  const tick = () => {
    turn++;
    if (ticking) setImmediate(tick);
  };
  setImmediate(tick);
  const started: { name: string; turn: number }[] = [];
  app.get("/heavy/:n", async (req) => {
    started.push({ name: `heavy ${(req.params as { n: string }).n}`, turn });
    return "ok";
  });
  app.get("/health", { config: { cheap: true } }, async () => {
    started.push({ name: "health", turn });
    return "ok";
  });
  return { app, started, stop: () => ((ticking = false), app.close()) };
}

describe("the turn gate", () => {
  it("starts at most perTurn handlers per turn, in arrival order, and a cheap route at once", async () => {
    const { app, started, stop } = server(2);
    await app.ready();
    const heavy = Array.from({ length: 9 }, (_, i) => app.inject(`/heavy/${i}`));
    const health = app.inject("/health");
    const answers = await Promise.all([...heavy, health]);
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    const heavyStarts = started.filter((s) => s.name !== "health");
    expect(heavyStarts.map((s) => s.name)).toEqual(Array.from({ length: 9 }, (_, i) => `heavy ${i}`));
    const perTurn = new Map<number, number>();
    for (const s of heavyStarts) perTurn.set(s.turn, (perTurn.get(s.turn) ?? 0) + 1);
    expect(Math.max(...perTurn.values())).toBe(2);
    expect(perTurn.size).toBeGreaterThanOrEqual(5);
    // The health check did not wait for the queue: it started before the last heavy ones.
    const order = started.map((s) => s.name);
    expect(order.indexOf("health")).toBeLessThan(order.indexOf("heavy 8"));
    await stop();
  });

  it("with 0 starts every handler as it comes", async () => {
    const { app, started, stop } = server(0);
    await app.ready();
    await Promise.all(Array.from({ length: 6 }, (_, i) => app.inject(`/heavy/${i}`)));
    expect(new Set(started.map((s) => s.turn)).size).toBe(1);
    await stop();
  });
});
