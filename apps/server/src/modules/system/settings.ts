import {
  fieldHardMax,
  isRegistrationField,
  type AddCustomerServiceBody,
  type AddDomainRouteBody,
  type AddResourceBody,
  type OpsCustomerService,
  type OpsDomainRoute,
  type OpsFieldRule,
  type OpsMerchant,
  type OpsResource,
  type UpdateCustomerServiceBody,
  type UpdateFieldRuleBody,
  type UpdateMerchantBody,
  type UpdateResourceBody,
} from '@taya/contracts';
import { AppError, fieldError } from '../../platform/errors';
import {
  isUniqueViolation,
  type FieldRuleRecord,
  type MerchantPatch,
  type MerchantRecord,
  type SystemSettingsStore,
} from './settings-store';

/** A write's row as it was and as it is, for the audit log. */
export interface Change<T> {
  before: T | null;
  after: T | null;
}

const hostMatches = (pattern: string, host: string) =>
  pattern.startsWith('*.')
    ? host === pattern.slice(2) || host.endsWith(`.${pattern.slice(1)}`)
    : host === pattern;

const taken = (path: string, message: string) =>
  new AppError('conflict', `${path}: ${message}`, [{ path, code: 'taken', message }]);

const toMerchant = (row: MerchantRecord): OpsMerchant => ({ ...row });

const toRule = (row: FieldRuleRecord): OpsFieldRule => ({
  field: row.field,
  registration: isRegistrationField(row.field),
  enabled: row.enabled,
  required: row.required,
  minLength: row.minLength,
  maxLength: row.maxLength,
  patternId: row.patternId,
  hardMax: fieldHardMax(row.field),
});

/**
 * The console's System settings: merchants' safe fields and domains, registration field rules,
 * site resources and customer-service entries. Every write calls `changed`, which drops the
 * public snapshot, so `/wps/system/*` on this node shows it at once.
 */
export class SystemSettings {
  constructor(
    private readonly store: SystemSettingsStore,
    private readonly changed: () => void,
  ) {}

  private async requireMerchant(code: string, path = 'merchantCode'): Promise<MerchantRecord> {
    const row = await this.store.merchant(code);
    if (!row) throw fieldError(path, 'unknown_merchant', 'No such merchant');
    return row;
  }

  /** The merchants of `codes` (null: every one). */
  async merchants(codes: readonly string[] | null): Promise<OpsMerchant[]> {
    return (await this.store.merchants(codes)).map(toMerchant);
  }

  async updateMerchant(code: string, body: UpdateMerchantBody): Promise<Change<OpsMerchant>> {
    const row = await this.store.merchant(code);
    if (!row) throw new AppError('not_found', 'No such merchant');
    const { reason: _reason, ...patch } = body;
    const languages = patch.languages ?? row.languages;
    const defaultLanguage = patch.defaultLanguage ?? row.defaultLanguage;
    if (!languages.includes(defaultLanguage)) {
      throw patch.defaultLanguage
        ? fieldError('defaultLanguage', 'not_offered', 'The default language must be offered')
        : fieldError(
            'languages',
            'default_missing',
            `Keep the default language ${defaultLanguage}`,
          );
    }
    const patterns = patch.domainPatterns ?? row.domainPatterns;
    const mainDomain = patch.mainDomain ?? row.mainDomain;
    if (!patterns.some((p) => hostMatches(p, mainDomain))) {
      throw patch.mainDomain
        ? fieldError('mainDomain', 'not_covered', 'No domain pattern matches the main domain')
        : fieldError('domainPatterns', 'main_missing', `Keep a pattern for ${mainDomain}`);
    }
    if (patch.domainPatterns) {
      const others = (await this.store.merchants(null)).filter((m) => m.code !== code);
      const clash = patch.domainPatterns.find((p) =>
        others.some((m) => m.domainPatterns.includes(p)),
      );
      if (clash) throw taken('domainPatterns', `${clash} already selects another merchant`);
    }
    const after = await this.store.updateMerchant(code, patch satisfies MerchantPatch);
    this.changed();
    return { before: toMerchant(row), after: toMerchant(after) };
  }

  async domainRoutes(merchantCode: string): Promise<OpsDomainRoute[]> {
    await this.requireMerchant(merchantCode);
    return this.store.domainRoutes(merchantCode);
  }

  async domainRoute(id: number): Promise<OpsDomainRoute> {
    const row = await this.store.domainRoute(id);
    if (!row) throw new AppError('not_found', 'No such domain route');
    return row;
  }

  async addDomainRoute(body: AddDomainRouteBody): Promise<OpsDomainRoute> {
    await this.requireMerchant(body.merchantCode);
    try {
      const row = await this.store.addDomainRoute({
        merchantCode: body.merchantCode,
        domain: body.domain,
        kind: body.kind,
        sort: body.sort ?? 0,
      });
      this.changed();
      return row;
    } catch (err) {
      if (isUniqueViolation(err)) throw taken('domain', `${body.domain} is already routed`);
      throw err;
    }
  }

  async removeDomainRoute(id: number): Promise<void> {
    if (!(await this.store.deleteDomainRoute(id)))
      throw new AppError('not_found', 'No such domain route');
    this.changed();
  }

  async fieldRules(merchantCode: string): Promise<OpsFieldRule[]> {
    await this.requireMerchant(merchantCode);
    const rows = (await this.store.fieldRules(merchantCode)).map(toRule);
    // Registration fields first, then the security centre's profile fields.
    return [...rows.filter((r) => r.registration), ...rows.filter((r) => !r.registration)];
  }

  async updateFieldRule(field: string, body: UpdateFieldRuleBody): Promise<Change<OpsFieldRule>> {
    await this.requireMerchant(body.merchantCode);
    const row = await this.store.fieldRule(body.merchantCode, field);
    if (!row) throw new AppError('not_found', `No rule for ${field}`);
    const hardMax = fieldHardMax(field);
    if (body.maxLength > hardMax)
      throw fieldError('maxLength', 'too_big', `At most ${hardMax} for ${field}`);
    const after = await this.store.updateFieldRule(body.merchantCode, field, {
      enabled: body.enabled,
      required: body.required,
      minLength: body.minLength,
      maxLength: body.maxLength,
      patternId: body.patternId,
    });
    this.changed();
    return { before: toRule(row), after: toRule(after) };
  }

  async resources(merchantCode: string): Promise<OpsResource[]> {
    await this.requireMerchant(merchantCode);
    return this.store.resources(merchantCode);
  }

  async resource(id: number): Promise<OpsResource> {
    const row = await this.store.resource(id);
    if (!row) throw new AppError('not_found', 'No such resource');
    return row;
  }

  private async uniqueType<T>(resourceType: string, write: () => Promise<T>): Promise<T> {
    try {
      const out = await write();
      this.changed();
      return out;
    } catch (err) {
      if (isUniqueViolation(err))
        throw taken('resourceType', `This merchant already has a ${resourceType} resource`);
      throw err;
    }
  }

  async addResource(body: AddResourceBody): Promise<OpsResource> {
    await this.requireMerchant(body.merchantCode);
    const { reason: _reason, ...row } = body;
    return this.uniqueType(body.resourceType, () => this.store.addResource(row));
  }

  async updateResource(id: number, body: UpdateResourceBody): Promise<Change<OpsResource>> {
    const before = await this.resource(id);
    const { reason: _reason, ...patch } = body;
    const after = await this.uniqueType(body.resourceType, () =>
      this.store.updateResource(id, patch),
    );
    return { before, after };
  }

  async removeResource(id: number): Promise<void> {
    if (!(await this.store.deleteResource(id))) throw new AppError('not_found', 'No such resource');
    this.changed();
  }

  async customerService(merchantCode: string): Promise<OpsCustomerService[]> {
    await this.requireMerchant(merchantCode);
    return this.store.customerService(merchantCode);
  }

  async customerServiceEntry(id: number): Promise<OpsCustomerService> {
    const row = await this.store.customerServiceEntry(id);
    if (!row) throw new AppError('not_found', 'No such customer-service entry');
    return row;
  }

  async addCustomerService(body: AddCustomerServiceBody): Promise<OpsCustomerService> {
    await this.requireMerchant(body.merchantCode);
    const { reason: _reason, ...row } = body;
    const added = await this.store.addCustomerService(row);
    this.changed();
    return added;
  }

  async updateCustomerService(
    id: number,
    body: UpdateCustomerServiceBody,
  ): Promise<Change<OpsCustomerService>> {
    const before = await this.customerServiceEntry(id);
    const { reason: _reason, ...patch } = body;
    const after = await this.store.updateCustomerService(id, patch);
    this.changed();
    return { before, after };
  }

  async removeCustomerService(id: number): Promise<void> {
    if (!(await this.store.deleteCustomerService(id)))
      throw new AppError('not_found', 'No such customer-service entry');
    this.changed();
  }
}
