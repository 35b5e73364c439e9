import type { ServerContext } from '../../context.js';
import type { CaseRow } from '../../repositories/cases.repository.js';
import { casePrimaryVin } from '../caseDerived.service.js';
import { caseLookups } from './caseLookups.js';
import { caseOwner, lookupStatus, startLookup } from './lookupJob.js';
import { vehicleFacts } from './vehicleFacts.js';

/**
 * The registries case processing fills in the background once it closes with a primary VIN:
 * REPUVE (which has no POST) and RAPI (contract §4.4: "la información de RAPI puede
 * completarse en background"). Each is queried again only when the VIN changed or its last
 * query failed.
 */
const QUERIED_ON_CLOSE = ['repuve', 'rapi'] as const;

export async function queryRegistriesOnClose(ctx: ServerContext, caseRow: CaseRow) {
  const vin = await casePrimaryVin(ctx, caseRow.id);
  if (!vin) return;
  for (const source of QUERIED_ON_CLOSE) {
    const [latest] = await caseLookups(ctx.db, caseRow.id, source);
    if (latest && latest.payload.key === vin && lookupStatus(latest) !== 'error') continue;
    const input = source === 'repuve' ? await vehicleFacts(ctx, caseRow.id, vin) : undefined;
    await startLookup(ctx, caseOwner(caseRow), { source, key: vin, ...(input ? { input } : {}) });
  }
}
