import type { CaseListItem } from '@vcase/sdk';
import type { Choice, Client } from './context.js';
import { when } from './render/format.js';

/** What tells apart cases that share an internal_id: when each was made, its review status, its documents. */
export interface CaseSummary {
  case_id: string;
  internal_id: string;
  text: string;
}

/** One detail read per case (the list does not say how many documents a case has). */
export async function summarizeCases(client: Client, cases: readonly CaseListItem[], signal?: AbortSignal): Promise<CaseSummary[]> {
  return Promise.all(
    cases.map(async (c) => {
      const detail = await client.cases.get(c.case_id, {}, { signal });
      const documents = detail.files.filter((f) => f.active).length;
      const counted = `${documents} document${documents === 1 ? '' : 's'}`;
      const text = `created ${when(c.created_at)} · ${c.review_status ?? 'no review status'} · ${counted}`;
      return { case_id: c.case_id, internal_id: c.internal_id, text };
    }),
  );
}

/** Picker choices for cases of one internal_id, newest first as the list gives them. */
export function summaryChoices(summaries: readonly CaseSummary[]): Choice<string>[] {
  return summaries.map((c) => ({ name: `${c.internal_id}  ${c.text}`, value: c.case_id, description: c.case_id }));
}
