import { TICKET_MESSAGES, type SourceAmount, type TicketRow, type TicketsResponse } from '@vcase/shared';
import { mainPlate } from './mainPlate.js';
import { plateIdentity, plateRoster, selectCasePlates, type RosterPlate, type SelectablePlate } from './plateSelection.js';

// Infractions (contract §4.5, §2.12, §9); rules: docs/rules.md "Tickets".

export type LookupState = 'never' | 'running' | 'failed' | 'reason' | 'done';

export interface TicketInfraction {
  /** DD/MM/YYYY or null. */
  date: string | null;
  amount: unknown;
  status: string;
}

/** One lookup of a plate in one entity (the plate's own or `CMX`). */
export interface TicketLookup {
  plate: string;
  /** The entity queried. */
  entity: string;
  state: LookupState;
  reason?: string;
  infractions?: readonly TicketInfraction[];
}

export interface TicketsInput {
  caseId: string;
  plates: readonly SelectablePlate[];
  caseVin: string | null;
  /** Newest first when a pair has several. */
  lookups: readonly TicketLookup[];
}

/** The entity every plate is also queried in. */
export const TICKETS_NATIONAL_ENTITY = 'CMX';

export interface PlateQuery {
  plate: string;
  entity: string;
}

function entitiesOf(plate: RosterPlate): string[] {
  if (!plate.entity || plate.entity === TICKETS_NATIONAL_ENTITY) return [TICKETS_NATIONAL_ENTITY];
  return [plate.entity, TICKETS_NATIONAL_ENTITY];
}

function rosterOf(plates: readonly SelectablePlate[], caseVin: string | null) {
  const selection = selectCasePlates(plates, caseVin);
  return { selection, roster: plateRoster(selection.plates, mainPlate(selection.plates)) };
}

/** The (plate, entity) pairs a tickets POST queries: main and previous plates, own entity and `CMX`. */
export function ticketPlatesToQuery(plates: readonly SelectablePlate[], caseVin: string | null): PlateQuery[] {
  return rosterOf(plates, caseVin).roster.flatMap((p) => entitiesOf(p).map((entity) => ({ plate: p.plate, entity })));
}

const sourceStatusKey = (s: string) => s.trim().toUpperCase().replace(/\s+/g, ' ');

/** An amount as the source reported it (number or string), null when absent or of another type. */
export function sourceAmount(value: unknown): SourceAmount {
  return typeof value === 'number' || typeof value === 'string' ? value : null;
}

/** One row per infraction, or one row carrying the lookup's outcome. */
export function ticketRows(plate: string, state: string | null, lookup: TicketLookup | undefined): TicketRow[] {
  const row = (status: TicketRow['status'], message: string): TicketRow => ({
    plate_number: plate,
    state,
    ticket_date: null,
    amount: null,
    status,
    message,
  });
  if (!lookup || lookup.state === 'never') return [row('failed', TICKET_MESSAGES.PLATE_NEVER_QUERIED)];
  if (lookup.state === 'running') return [row('processing', TICKET_MESSAGES.PROCESSING)];
  if (lookup.state === 'failed') return [row('failed', TICKET_MESSAGES.LOOKUP_FAILED)];
  if (lookup.state === 'reason') return [row('failed', lookup.reason?.trim() ? lookup.reason : TICKET_MESSAGES.LOOKUP_FAILED)];
  const infractions = lookup.infractions ?? [];
  if (infractions.length === 0) return [row('success', TICKET_MESSAGES.NO_INFRACTIONS)];
  return infractions.map((inf) => {
    const text = typeof inf.status === 'string' ? inf.status : String(inf.status ?? '');
    const key = sourceStatusKey(text);
    const [status, message]: [TicketRow['status'], string] =
      key === 'PAGADA' ? ['success', TICKET_MESSAGES.PAID] : key === 'NO PAGADA' ? ['warning', TICKET_MESSAGES.UNPAID] : ['warning', text];
    // ticket_date is a string or null (contract §2.12); the amount is passed on as the source gave it.
    const ticketDate = typeof inf.date === 'string' ? inf.date : null;
    return { plate_number: plate, state, ticket_date: ticketDate, amount: (inf.amount ?? null) as TicketRow['amount'], status, message };
  });
}

/** GET /v1/cases/{case_id}/tickets. */
export function ticketsResponse(input: TicketsInput): TicketsResponse {
  const { selection, roster } = rosterOf(input.plates, input.caseVin);
  const empty = (status: TicketsResponse['status'], message: string): TicketsResponse => ({
    case_id: input.caseId,
    status,
    message,
    result: [],
  });
  if (selection.emptyMessage) return empty('completed', selection.emptyMessage);

  const records = new Map<string, TicketLookup>();
  for (const l of input.lookups) {
    const id = plateIdentity(l.plate, l.entity);
    if (l.state !== 'never' && !records.has(id)) records.set(id, l);
  }

  let anyRecord = false;
  const result: TicketRow[] = [];
  // One lookup is published once: a plate read in JAL and in CMX queries CMX for both.
  const published = new Set<string>();
  const firstTime = (plate: string, entity: string) => {
    const id = plateIdentity(plate, entity);
    if (published.has(id)) return false;
    published.add(id);
    return true;
  };
  for (const p of roster) {
    const found = entitiesOf(p)
      .map((entity) => ({ entity, lookup: records.get(plateIdentity(p.plate, entity)) }))
      .filter((f): f is { entity: string; lookup: TicketLookup } => !!f.lookup);
    if (found.length === 0) {
      if (firstTime(p.plate, p.entity)) result.push(...ticketRows(p.plate, p.entity || null, undefined));
      continue;
    }
    anyRecord = true;
    for (const f of found) if (firstTime(p.plate, f.entity)) result.push(...ticketRows(p.plate, f.entity, f.lookup));
  }
  if (!anyRecord) return empty('processing', TICKET_MESSAGES.NO_LOOKUP_YET);
  return { case_id: input.caseId, status: 'completed', message: null, result };
}
