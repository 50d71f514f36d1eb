import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../platform/db';
import {
  brandConfig,
  customerServiceEntries,
  domainRoutes,
  merchants,
  regionRestrictions,
  registerFieldRules,
  siteMaintenance,
  siteResources,
  whitelabelModules,
} from './schema';

export type MerchantRow = typeof merchants.$inferSelect;
export type WhitelabelRow = typeof whitelabelModules.$inferSelect;
export type RestrictionRow = {
  id: string;
  merchantCode: string;
  kind: 'ip_range' | 'country';
  value: string;
  note: string | null;
};

/** Everything the system module serves, for every merchant: a few small tables read at once. */
export interface SystemTables {
  merchants: MerchantRow[];
  brand: typeof brandConfig.$inferSelect | undefined;
  whitelabel: WhitelabelRow[];
  resources: (typeof siteResources.$inferSelect)[];
  customerService: (typeof customerServiceEntries.$inferSelect)[];
  domainRoutes: (typeof domainRoutes.$inferSelect)[];
  maintenance: (typeof siteMaintenance.$inferSelect)[];
  restrictions: RestrictionRow[];
  registerRules: (typeof registerFieldRules.$inferSelect)[];
}

const restrictionColumns = {
  id: regionRestrictions.id,
  merchantCode: regionRestrictions.merchantCode,
  kind: regionRestrictions.kind,
  value: sql<string>`coalesce(${regionRestrictions.ipRange}::text, ${regionRestrictions.country})`,
  note: regionRestrictions.note,
};

export class SystemStore {
  constructor(private readonly db: Db) {}

  async loadAll(): Promise<SystemTables> {
    const db = this.db;
    const [m, b, w, r, cs, d, mt, rr, rules] = await Promise.all([
      db.select().from(merchants).orderBy(asc(merchants.sort), asc(merchants.code)),
      db.select().from(brandConfig).limit(1),
      db.select().from(whitelabelModules).orderBy(asc(whitelabelModules.sort)),
      db.select().from(siteResources).orderBy(asc(siteResources.sort), asc(siteResources.id)),
      db
        .select()
        .from(customerServiceEntries)
        .orderBy(asc(customerServiceEntries.sort), asc(customerServiceEntries.id)),
      db.select().from(domainRoutes).orderBy(asc(domainRoutes.sort), asc(domainRoutes.id)),
      db.select().from(siteMaintenance),
      db.select(restrictionColumns).from(regionRestrictions),
      db.select().from(registerFieldRules),
    ]);
    return {
      merchants: m,
      brand: b[0],
      whitelabel: w,
      resources: r,
      customerService: cs,
      domainRoutes: d,
      maintenance: mt,
      restrictions: rr,
      registerRules: rules,
    };
  }

  async merchantExists(code: string, db: DbOrTx = this.db): Promise<boolean> {
    const rows = await db
      .select({ code: merchants.code })
      .from(merchants)
      .where(eq(merchants.code, code));
    return rows.length > 0;
  }

  async upsertMaintenance(input: {
    merchantCode: string;
    enabled: boolean;
    message: string | null;
    endsAt: Date | null;
    actor: string;
  }): Promise<void> {
    const values = {
      merchantCode: input.merchantCode,
      enabled: input.enabled,
      message: input.message,
      endsAt: input.endsAt,
      updatedAt: new Date(),
      updatedBy: input.actor,
    };
    await this.db
      .insert(siteMaintenance)
      .values(values)
      .onConflictDoUpdate({ target: siteMaintenance.merchantCode, set: values });
  }

  async addRestriction(input: {
    merchantCode: string;
    kind: 'ip_range' | 'country';
    value: string;
    note: string | null;
    actor: string;
  }): Promise<RestrictionRow> {
    const [row] = await this.db
      .insert(regionRestrictions)
      .values({
        id: randomUUID(),
        merchantCode: input.merchantCode,
        kind: input.kind,
        // network() drops host bits, so "10.1.2.3/8" is stored as the range it names.
        ipRange: input.kind === 'ip_range' ? sql`network(${input.value}::inet)` : null,
        country: input.kind === 'country' ? input.value : null,
        note: input.note,
        createdBy: input.actor,
      })
      .returning(restrictionColumns);
    return row!;
  }

  async listRestrictions(merchantCode: string): Promise<RestrictionRow[]> {
    return this.db
      .select(restrictionColumns)
      .from(regionRestrictions)
      .where(eq(regionRestrictions.merchantCode, merchantCode))
      .orderBy(asc(regionRestrictions.createdAt));
  }

  async restrictionById(id: string): Promise<RestrictionRow | undefined> {
    const [row] = await this.db
      .select(restrictionColumns)
      .from(regionRestrictions)
      .where(eq(regionRestrictions.id, id));
    return row;
  }

  async maintenanceOf(merchantCode: string) {
    const [row] = await this.db
      .select()
      .from(siteMaintenance)
      .where(eq(siteMaintenance.merchantCode, merchantCode));
    return row;
  }

  async modulesOf(merchantCode: string) {
    return this.db
      .select()
      .from(whitelabelModules)
      .where(eq(whitelabelModules.merchantCode, merchantCode))
      .orderBy(asc(whitelabelModules.sort), asc(whitelabelModules.modId));
  }

  async deleteRestriction(id: string): Promise<boolean> {
    const rows = await this.db
      .delete(regionRestrictions)
      .where(eq(regionRestrictions.id, id))
      .returning({ id: regionRestrictions.id });
    return rows.length > 0;
  }

  async setModuleEnabled(
    merchantCode: string,
    modId: string,
    enabled: boolean,
    actor: string,
  ): Promise<boolean> {
    const rows = await this.db
      .update(whitelabelModules)
      .set({ enabled, updatedAt: new Date(), updatedBy: actor })
      .where(
        and(eq(whitelabelModules.merchantCode, merchantCode), eq(whitelabelModules.modId, modId)),
      )
      .returning({ modId: whitelabelModules.modId });
    return rows.length > 0;
  }
}
