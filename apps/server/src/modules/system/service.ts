import { BlockList, isIP } from 'node:net';
import {
  SystemStatus,
  acceptedPatternFor,
  flattenWhitelabel,
  type AddRegionRestrictionBody,
  type DomainRoute,
  type MerchantInfo,
  type PermissionInfo,
  type OpsMaintenanceState,
  type OpsModuleRow,
  type RegionRestriction,
  type SetMaintenanceBody,
  type SystemStatusValue,
  type WhitelabelNode,
} from '@taya/contracts';
import type { Bus } from '../../platform/bus';
import { AppError, fieldError } from '../../platform/errors';
import { ReadCache } from '../../platform/read-cache';
import type { MerchantRow, SystemStore, SystemTables, WhitelabelRow } from './store';

/** What the system module needs to know about the caller. */
export interface ClientInfo {
  ip: string;
  country: string | null;
  merchantHeader: string | undefined;
  host: string | undefined;
}

interface MerchantView {
  row: MerchantRow;
  info: MerchantInfo;
  permission: PermissionInfo;
  maintenance: { enabled: boolean; message: string | null; endsAt: Date | null };
  blockedRanges: BlockList;
  blockedCountries: Set<string>;
}

interface Snapshot {
  loadedAt: number;
  byCode: Map<string, MerchantView>;
  ordered: MerchantView[];
  defaultView: MerchantView;
  tables: SystemTables;
}

/**
 * Served from an in-memory snapshot of the system tables. A write on this node drops it at once;
 * other nodes pick a change up within SNAPSHOT_TTL_MS.
 */
const SNAPSHOT_TTL_MS = 5_000;

/** "GMT+8", "GMT+6:30": the offset the merchant's zone has now. */
export function gmtOffset(timeZone: string, at = new Date()): string {
  const part = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'shortOffset' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName');
  return part?.value === 'GMT' ? 'GMT+0' : (part?.value ?? 'GMT+0');
}

/** IPv4 addresses can arrive as IPv4-mapped IPv6 ("::ffff:1.2.3.4"). */
export function normaliseIp(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  return mapped ? mapped[1]! : ip;
}

function hostMatches(pattern: string, host: string): boolean {
  if (pattern.startsWith('*.')) {
    const base = pattern.slice(2);
    return host === base || host.endsWith(`.${base}`);
  }
  return host === pattern;
}

function buildTree(rows: WhitelabelRow[]): WhitelabelNode[] {
  const children = new Map<string | null, WhitelabelRow[]>();
  for (const row of rows) {
    const list = children.get(row.parentModId) ?? [];
    list.push(row);
    children.set(row.parentModId, list);
  }
  const build = (parent: string | null): WhitelabelNode[] =>
    (children.get(parent) ?? []).map((row) => ({
      modId: row.modId,
      enabled: row.enabled ? '1' : '0',
      childrenNodes: build(row.modId),
    }));
  return build(null);
}

function buildView(tables: SystemTables, row: MerchantRow): MerchantView {
  const mine = <T extends { merchantCode: string }>(list: T[]) =>
    list.filter((x) => x.merchantCode === row.code);
  const blockedRanges = new BlockList();
  const blockedCountries = new Set<string>();
  for (const r of mine(tables.restrictions)) {
    if (r.kind === 'country') {
      blockedCountries.add(r.value);
      continue;
    }
    const [net, bits] = r.value.split('/');
    const family = isIP(net!) === 6 ? 'ipv6' : 'ipv4';
    blockedRanges.addSubnet(net!, Number(bits ?? (family === 'ipv6' ? 128 : 32)), family);
  }
  const maintenanceRow = mine(tables.maintenance)[0];
  const domains = mine(tables.domainRoutes).map((d) => ({ domain: d.domain, kind: d.kind }));
  const register: PermissionInfo['register'] = {};
  for (const rule of mine(tables.registerRules)) {
    register[rule.field] = {
      enabled: rule.enabled,
      required: rule.required,
      minLength: rule.minLength,
      maxLength: rule.maxLength,
      patternId: rule.patternId,
      acceptedPattern: acceptedPatternFor(rule.patternId),
    };
  }
  const domainRoute: DomainRoute = { mainDomain: row.mainDomain, domains };
  return {
    row,
    info: {
      merchantCode: row.code,
      country: row.country,
      countryName: row.countryName,
      currency: row.currency,
      currencySymbol: row.currencySymbol,
      currencyScale: row.currencyScale,
      timeZone: row.timeZone,
      gmtOffset: gmtOffset(row.timeZone),
      defaultLanguage: row.defaultLanguage,
      langList: row.languages,
    },
    permission: {
      whitelabel: buildTree(mine(tables.whitelabel)),
      register,
      customerService: mine(tables.customerService).map((c) => ({
        csType: c.csType,
        csPosition: c.csPosition,
        path: c.path,
      })),
      resources: mine(tables.resources).map((r) => ({
        resourceType: r.resourceType,
        labelNameEn: r.labelNameEn,
        url: r.url,
      })),
      domainRoute,
      mainDomain: row.mainDomain,
      analytics: { gtagId: row.gtagId },
      imageCDNs: row.imageCdns,
      launchGameCDNs: row.launchGameCdns,
    },
    maintenance: {
      enabled: maintenanceRow?.enabled ?? false,
      message: maintenanceRow?.message ?? null,
      endsAt: maintenanceRow?.endsAt ?? null,
    },
    blockedRanges,
    blockedCountries,
  };
}

export class SystemService {
  private snapshot: Snapshot | null = null;
  private loading: Promise<Snapshot> | null = null;
  /** Counts this node's writes, so that a load begun before one does not keep what it read. */
  private generation = 0;
  /**
   * Finished status answers by client (merchant header, host, address, country): dropped with
   * the snapshot, and kept a second at most (a maintenance window's end shows by then).
   */
  private readonly statuses = new ReadCache<SystemStatusValue>({ ttlMs: 1_000 });

  constructor(private readonly store: SystemStore) {}

  /** Tells the other nodes of a change (set by `shareChanges`); nothing on a single node. */
  private relay: (change: null) => void = () => {};

  /**
   * A change written on any node (maintenance, a restriction, a setting) drops every node's
   * snapshot at once, over the bus; without it other nodes see it when theirs expires.
   */
  shareChanges(bus: Bus): void {
    this.relay = bus.link<null>('system:snapshot', () => this.drop());
  }

  /** Drops the snapshot on every node (call after any write to what it holds). */
  invalidate(): void {
    this.drop();
    this.relay(null);
  }

  private drop(): void {
    this.snapshot = null;
    // A load under way may have read from before the write: calls from now on wait for a new one.
    this.loading = null;
    this.generation++;
    this.statuses.invalidate();
  }

  private async current(): Promise<Snapshot> {
    const snapshot = this.snapshot;
    if (snapshot && Date.now() - snapshot.loadedAt < SNAPSHOT_TTL_MS) return snapshot;
    // One load at a time: a burst of requests on a cold cache shares it.
    if (!this.loading) {
      const started: Promise<Snapshot> = this.load().finally(() => {
        if (this.loading === started) this.loading = null;
      });
      this.loading = started;
    }
    const loading = this.loading;
    // Only old (not dropped by a write here): answered as it is while the new one loads. The
    // caller may be inside a transaction, and on the embedded database (one connection) the load
    // waits for that transaction to end: awaiting it there would wait for ever.
    if (snapshot) {
      loading.catch(() => undefined);
      return snapshot;
    }
    return loading;
  }

  private async load(): Promise<Snapshot> {
    const generation = this.generation;
    const tables = await this.store.loadAll();
    const ordered = tables.merchants.map((m) => buildView(tables, m));
    const defaultView = ordered.find((v) => v.row.isDefault) ?? ordered[0];
    if (!defaultView) throw new AppError('service_unavailable', 'No merchant is configured');
    const snapshot: Snapshot = {
      loadedAt: Date.now(),
      byCode: new Map(ordered.map((v) => [v.row.code, v])),
      ordered,
      defaultView,
      tables,
    };
    // A write here while it loaded: what it read may be from before the write; the next call loads again.
    if (generation === this.generation) this.snapshot = snapshot;
    return snapshot;
  }

  /** The merchant a request belongs to: its Merchant header, else its domain family, else the default. */
  private pick(snapshot: Snapshot, merchantHeader: string | undefined, host: string | undefined) {
    if (merchantHeader) {
      const byHeader = snapshot.byCode.get(merchantHeader);
      if (byHeader) return byHeader;
    }
    if (host) {
      const hostname = host.replace(/:\d+$/, '').toLowerCase();
      const byHost = snapshot.ordered.find((v) =>
        v.row.domainPatterns.some((p) => hostMatches(p, hostname)),
      );
      if (byHost) return byHost;
    }
    return snapshot.defaultView;
  }

  async merchantFor(merchantHeader: string | undefined, host: string | undefined) {
    return this.pick(await this.current(), merchantHeader, host).info;
  }

  /** Every merchant, in order (scheduled jobs go through them all). */
  async merchants() {
    return (await this.current()).ordered.map((v) => v.info);
  }

  /** The merchant an operator's call names; refused on `merchantCode` when there is none. */
  async namedMerchant(merchantCode: string) {
    const merchant = (await this.merchants()).find((m) => m.merchantCode === merchantCode);
    if (!merchant) throw fieldError('merchantCode', 'invalid', 'No such merchant');
    return merchant;
  }

  status(client: ClientInfo): Promise<SystemStatusValue> {
    const key = [client.merchantHeader, client.host, client.ip, client.country].join('|');
    return this.statuses.get(key, () => this.loadStatus(client));
  }

  private async loadStatus(client: ClientInfo): Promise<SystemStatusValue> {
    const snapshot = await this.current();
    const view = this.pick(snapshot, client.merchantHeader, client.host);
    const ip = normaliseIp(client.ip);
    const m = view.maintenance;
    const inMaintenance = m.enabled && (m.endsAt === null || m.endsAt.getTime() > Date.now());
    const family = isIP(ip) === 6 ? 'ipv6' : 'ipv4';
    const restricted =
      (isIP(ip) !== 0 && view.blockedRanges.check(ip, family)) ||
      (client.country !== null && view.blockedCountries.has(client.country));
    const brand = snapshot.tables.brand;
    if (!brand) throw new AppError('service_unavailable', 'The brand is not configured');
    return {
      status: inMaintenance
        ? SystemStatus.maintenance
        : restricted
          ? SystemStatus.regionRestricted
          : SystemStatus.normal,
      maintenance: inMaintenance,
      regionRestriction: restricted,
      maintenanceInfo: inMaintenance
        ? { message: m.message, endsAt: m.endsAt?.toISOString() ?? null }
        : null,
      location: { ip, country: client.country },
      merchant: view.info,
      brand: {
        platform: brand.platform,
        lotteryType: brand.lotteryType,
        defaultLanguage: brand.defaultLanguage,
        esportsGame: brand.esportsGame,
        cockfightGame: brand.cockfightGame,
        prizeModes: brand.prizeModes,
        supportedLanguages: brand.supportedLanguages,
      },
      regions: snapshot.ordered.map((v) => ({
        merchantCode: v.info.merchantCode,
        country: v.info.country,
        countryName: v.info.countryName,
        currency: v.info.currency,
        langList: v.info.langList,
      })),
      info: view.permission,
    };
  }

  async whitelabel(merchantHeader: string | undefined, host: string | undefined) {
    return this.pick(await this.current(), merchantHeader, host).permission.whitelabel;
  }

  async domainRoute(merchantHeader: string | undefined, host: string | undefined) {
    return this.pick(await this.current(), merchantHeader, host).permission.domainRoute;
  }

  // Operator calls. Each names its actor, so the audit log can tell who changed what.

  private async requireMerchant(code: string): Promise<void> {
    if (!(await this.store.merchantExists(code))) {
      throw new AppError('request_param_err', `Unknown merchant: ${code}`, [
        { path: 'merchantCode', code: 'unknown_merchant', message: 'No such merchant' },
      ]);
    }
  }

  async setMaintenance(actor: string, body: Omit<SetMaintenanceBody, 'reason'>): Promise<void> {
    await this.requireMerchant(body.merchantCode);
    await this.store.upsertMaintenance({
      merchantCode: body.merchantCode,
      enabled: body.enabled,
      message: body.message ?? null,
      endsAt: body.endsAt ? new Date(body.endsAt) : null,
      actor,
    });
    this.invalidate();
  }

  async addRestriction(
    actor: string,
    body: Pick<AddRegionRestrictionBody, 'merchantCode' | 'kind' | 'value' | 'note'>,
  ): Promise<RegionRestriction> {
    await this.requireMerchant(body.merchantCode);
    const row = await this.store.addRestriction({
      merchantCode: body.merchantCode,
      kind: body.kind,
      value: body.value,
      note: body.note ?? null,
      actor,
    });
    this.invalidate();
    return row;
  }

  async listRestrictions(merchantCode: string): Promise<RegionRestriction[]> {
    await this.requireMerchant(merchantCode);
    return this.store.listRestrictions(merchantCode);
  }

  /** The maintenance switch of a merchant, read fresh for the console. */
  async maintenanceState(merchantCode: string): Promise<OpsMaintenanceState> {
    await this.requireMerchant(merchantCode);
    const row = await this.store.maintenanceOf(merchantCode);
    const enabled = row?.enabled ?? false;
    const endsAt = row?.endsAt ?? null;
    return {
      merchantCode,
      enabled,
      message: row?.message ?? null,
      endsAt: endsAt?.toISOString() ?? null,
      active: enabled && (endsAt === null || endsAt.getTime() > Date.now()),
      updatedAt: row?.updatedAt.toISOString() ?? null,
      updatedBy: row?.updatedBy ?? null,
    };
  }

  /** A merchant's whitelabel modules, flat, in tree order (parents name their children). */
  async modules(merchantCode: string): Promise<OpsModuleRow[]> {
    await this.requireMerchant(merchantCode);
    return (await this.store.modulesOf(merchantCode)).map((r) => ({
      modId: r.modId,
      parentModId: r.parentModId,
      enabled: r.enabled,
      sort: r.sort,
      updatedAt: r.updatedAt.toISOString(),
      updatedBy: r.updatedBy,
    }));
  }

  async restriction(id: string): Promise<RegionRestriction> {
    const row = await this.store.restrictionById(id);
    if (!row) throw new AppError('not_found', 'No such restriction');
    return row;
  }

  async removeRestriction(id: string): Promise<void> {
    if (!(await this.store.deleteRestriction(id)))
      throw new AppError('not_found', 'No such restriction');
    this.invalidate();
  }

  async setModule(
    actor: string,
    merchantCode: string,
    modId: string,
    enabled: boolean,
  ): Promise<void> {
    await this.requireMerchant(merchantCode);
    if (!(await this.store.setModuleEnabled(merchantCode, modId, enabled, actor))) {
      throw new AppError('not_found', `No module ${modId} for ${merchantCode}`);
    }
    this.invalidate();
  }

  /** The §5 registration rules of a merchant (server and web check with the same catalogue). */
  async registerRules(merchantCode: string): Promise<PermissionInfo['register']> {
    return (await this.current()).byCode.get(merchantCode)?.permission.register ?? {};
  }

  /** Feature flags of a merchant, flattened from the whitelabel tree (for other modules). */
  async flags(merchantCode: string): Promise<Record<string, boolean>> {
    const view = (await this.current()).byCode.get(merchantCode);
    return view ? flattenWhitelabel(view.permission.whitelabel) : {};
  }
}
