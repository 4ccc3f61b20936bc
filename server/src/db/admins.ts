import type { DB } from "./connection.js";
import type { AdminRow } from "../models/admin.js";

/** SQL access to `_admins`. Statements are prepared once per connection. */
export class AdminsRepo {
  private byId;
  private byEmail;
  private countAll;
  private insertStmt;
  private updateStmt;
  private deleteStmt;

  constructor(db: DB) {
    this.byId = db.prepare("SELECT * FROM _admins WHERE id = ?");
    this.byEmail = db.prepare("SELECT * FROM _admins WHERE email = ?");
    this.countAll = db.prepare("SELECT COUNT(*) AS n FROM _admins");
    this.insertStmt = db.prepare(
      "INSERT INTO _admins (id, avatar, email, tokenKey, passwordHash, lastResetSentAt, created, updated) VALUES (@id, @avatar, @email, @tokenKey, @passwordHash, @lastResetSentAt, @created, @updated)",
    );
    this.updateStmt = db.prepare(
      "UPDATE _admins SET avatar = @avatar, email = @email, tokenKey = @tokenKey, passwordHash = @passwordHash, lastResetSentAt = @lastResetSentAt, updated = @updated WHERE id = @id",
    );
    this.deleteStmt = db.prepare("DELETE FROM _admins WHERE id = ?");
  }

  findById(id: string): AdminRow | undefined {
    return this.byId.get(id) as AdminRow | undefined;
  }

  findByEmail(email: string): AdminRow | undefined {
    return this.byEmail.get(email) as AdminRow | undefined;
  }

  count(): number {
    return (this.countAll.get() as { n: number }).n;
  }

  insert(a: AdminRow): void {
    this.insertStmt.run(a);
  }

  update(a: AdminRow): void {
    this.updateStmt.run(a);
  }

  delete(id: string): void {
    this.deleteStmt.run(id);
  }
}
