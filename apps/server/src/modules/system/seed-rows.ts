import type { Tx } from '../../platform/db';
import { siteResources, whitelabelModules } from './schema';

/**
 * Rows of the system's tables that other modules' seeds add (a flag or resource their feature
 * needs), written in the seed's own transaction. A row already there is left as it is.
 */
export async function seedWhitelabelFlag(
  tx: Tx,
  row: {
    merchantCode: string;
    modId: string;
    parentModId: string | null;
    enabled: boolean;
    sort: number;
    updatedBy: string;
  },
): Promise<void> {
  await tx.insert(whitelabelModules).values(row).onConflictDoNothing();
}

export async function seedSiteResource(
  tx: Tx,
  row: {
    merchantCode: string;
    resourceType: string;
    labelNameEn: string;
    url: string;
    sort: number;
  },
): Promise<void> {
  await tx.insert(siteResources).values(row).onConflictDoNothing();
}
