import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import {
  customerServiceEntries,
  domainRoutes,
  merchants,
  registerFieldRules,
  siteResources,
} from './schema';

export type MerchantRecord = typeof merchants.$inferSelect;
export type MerchantPatch = Partial<
  Pick<
    MerchantRecord,
    | 'countryName'
    | 'timeZone'
    | 'defaultLanguage'
    | 'languages'
    | 'domainPatterns'
    | 'mainDomain'
    | 'gtagId'
    | 'imageCdns'
    | 'launchGameCdns'
    | 'sort'
  >
>;
export type DomainRouteRecord = typeof domainRoutes.$inferSelect;
export type FieldRuleRecord = typeof registerFieldRules.$inferSelect;
export type ResourceRecord = typeof siteResources.$inferSelect;
export type CustomerServiceRecord = typeof customerServiceEntries.$inferSelect;

/** True when `err` (or its cause) is PostgreSQL's unique violation. */
export function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e)
    if (e.code === '23505') return true;
  return false;
}

/** The rows the console's System settings read and write (merchants, domains, rules, links). */
export class SystemSettingsStore {
  constructor(private readonly db: Db) {}

  merchants(codes: readonly string[] | null): Promise<MerchantRecord[]> {
    const q = this.db.select().from(merchants);
    return (codes === null ? q : q.where(inArray(merchants.code, [...codes]))).orderBy(
      asc(merchants.sort),
      asc(merchants.code),
    );
  }

  async merchant(code: string): Promise<MerchantRecord | undefined> {
    const [row] = await this.db.select().from(merchants).where(eq(merchants.code, code));
    return row;
  }

  async updateMerchant(code: string, patch: MerchantPatch): Promise<MerchantRecord> {
    if (Object.keys(patch).length === 0) return (await this.merchant(code))!;
    const [row] = await this.db
      .update(merchants)
      .set(patch)
      .where(eq(merchants.code, code))
      .returning();
    return row!;
  }

  domainRoutes(merchantCode: string): Promise<DomainRouteRecord[]> {
    return this.db
      .select()
      .from(domainRoutes)
      .where(eq(domainRoutes.merchantCode, merchantCode))
      .orderBy(asc(domainRoutes.sort), asc(domainRoutes.id));
  }

  async domainRoute(id: number): Promise<DomainRouteRecord | undefined> {
    const [row] = await this.db.select().from(domainRoutes).where(eq(domainRoutes.id, id));
    return row;
  }

  async addDomainRoute(row: Omit<DomainRouteRecord, 'id'>): Promise<DomainRouteRecord> {
    const [added] = await this.db.insert(domainRoutes).values(row).returning();
    return added!;
  }

  async deleteDomainRoute(id: number): Promise<boolean> {
    const rows = await this.db
      .delete(domainRoutes)
      .where(eq(domainRoutes.id, id))
      .returning({ id: domainRoutes.id });
    return rows.length > 0;
  }

  fieldRules(merchantCode: string): Promise<FieldRuleRecord[]> {
    return this.db
      .select()
      .from(registerFieldRules)
      .where(eq(registerFieldRules.merchantCode, merchantCode))
      .orderBy(asc(registerFieldRules.field));
  }

  async fieldRule(merchantCode: string, field: string): Promise<FieldRuleRecord | undefined> {
    const [row] = await this.db
      .select()
      .from(registerFieldRules)
      .where(
        and(eq(registerFieldRules.merchantCode, merchantCode), eq(registerFieldRules.field, field)),
      );
    return row;
  }

  async updateFieldRule(
    merchantCode: string,
    field: string,
    rule: Omit<FieldRuleRecord, 'merchantCode' | 'field'>,
  ): Promise<FieldRuleRecord> {
    const [row] = await this.db
      .update(registerFieldRules)
      .set(rule)
      .where(
        and(eq(registerFieldRules.merchantCode, merchantCode), eq(registerFieldRules.field, field)),
      )
      .returning();
    return row!;
  }

  resources(merchantCode: string): Promise<ResourceRecord[]> {
    return this.db
      .select()
      .from(siteResources)
      .where(eq(siteResources.merchantCode, merchantCode))
      .orderBy(asc(siteResources.sort), asc(siteResources.id));
  }

  async resource(id: number): Promise<ResourceRecord | undefined> {
    const [row] = await this.db.select().from(siteResources).where(eq(siteResources.id, id));
    return row;
  }

  async addResource(row: Omit<ResourceRecord, 'id'>): Promise<ResourceRecord> {
    const [added] = await this.db.insert(siteResources).values(row).returning();
    return added!;
  }

  async updateResource(
    id: number,
    patch: Pick<ResourceRecord, 'resourceType' | 'labelNameEn' | 'url' | 'sort'>,
  ): Promise<ResourceRecord> {
    const [row] = await this.db
      .update(siteResources)
      .set(patch)
      .where(eq(siteResources.id, id))
      .returning();
    return row!;
  }

  async deleteResource(id: number): Promise<boolean> {
    const rows = await this.db
      .delete(siteResources)
      .where(eq(siteResources.id, id))
      .returning({ id: siteResources.id });
    return rows.length > 0;
  }

  customerService(merchantCode: string): Promise<CustomerServiceRecord[]> {
    return this.db
      .select()
      .from(customerServiceEntries)
      .where(eq(customerServiceEntries.merchantCode, merchantCode))
      .orderBy(asc(customerServiceEntries.sort), asc(customerServiceEntries.id));
  }

  async customerServiceEntry(id: number): Promise<CustomerServiceRecord | undefined> {
    const [row] = await this.db
      .select()
      .from(customerServiceEntries)
      .where(eq(customerServiceEntries.id, id));
    return row;
  }

  async addCustomerService(row: Omit<CustomerServiceRecord, 'id'>): Promise<CustomerServiceRecord> {
    const [added] = await this.db.insert(customerServiceEntries).values(row).returning();
    return added!;
  }

  async updateCustomerService(
    id: number,
    patch: Pick<CustomerServiceRecord, 'csType' | 'csPosition' | 'path' | 'sort'>,
  ): Promise<CustomerServiceRecord> {
    const [row] = await this.db
      .update(customerServiceEntries)
      .set(patch)
      .where(eq(customerServiceEntries.id, id))
      .returning();
    return row!;
  }

  async deleteCustomerService(id: number): Promise<boolean> {
    const rows = await this.db
      .delete(customerServiceEntries)
      .where(eq(customerServiceEntries.id, id))
      .returning({ id: customerServiceEntries.id });
    return rows.length > 0;
  }
}
