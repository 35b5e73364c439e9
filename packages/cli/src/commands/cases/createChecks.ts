import type { CreateCaseParams, CreateCaseResponse } from '@vcase/sdk';
import { findCasesByInternalId } from '../../caseResolution.js';
import { summarizeCases } from '../../caseSummaries.js';
import type { Client } from '../../context.js';
import { allowedValues, describeError, UsageError } from '../../errors.js';
import type { Factory } from '../../factory.js';

/**
 * The contract refuses a second case of an internal_id only when the first has files; a
 * second one without is made, and from then on every `vcase … ID` must ask which case is
 * meant (without a terminal: exit 2). So the CLI asks before making one: a confirmation on a
 * terminal, `--allow-duplicate` otherwise. Returns false when the person said no.
 */
export async function confirmNewInternalId(
  f: Factory,
  client: Client,
  internalId: string,
  allowDuplicate: boolean | undefined,
): Promise<boolean> {
  if (allowDuplicate) return true;
  const existing = await findCasesByInternalId(client, internalId, f.signal, { all: true });
  if (!existing.length) return true;
  const summaries = await summarizeCases(client, existing, f.signal);
  const listed = summaries.map((c) => `  ${c.case_id}  ${c.text}`).join('\n');
  const what =
    existing.length === 1
      ? `a case with internal_id "${internalId}" already exists`
      : `${existing.length} cases with internal_id "${internalId}" already exist`;
  if (!f.prompts.interactive) {
    throw new UsageError(
      `${what}:\n${listed}`,
      `hint: use it (vcase cases get ${summaries[0]!.case_id}), or pass --allow-duplicate to create another; ` +
        `commands given "${internalId}" would then ask which case`,
    );
  }
  await f.io.err(`${what}:\n${listed}\n`);
  const question = `Create another case "${internalId}"? Commands given "${internalId}" would then ask which one`;
  return f.prompts.prompter.confirm(question, false);
}

/**
 * Creates the case. On a terminal, a status the company's catalog does not hold
 * (422 INVALID_STATUS, whose details list the catalog) is picked again from that catalog;
 * elsewhere the error names the allowed values.
 */
export async function createWithCatalog(f: Factory, client: Client, body: CreateCaseParams): Promise<CreateCaseResponse> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await client.cases.create(body, { signal: f.signal });
    } catch (error) {
      const allowed = allowedValues(error);
      const field = (error as { details?: { field?: unknown } }).details?.field;
      const code = (error as { code?: unknown }).code;
      // Two fields may be checked against the catalog (status, initial_status): one pick each.
      const pickable = code === 'INVALID_STATUS' && allowed?.length && (field === 'status' || field === 'initial_status');
      if (!f.prompts.interactive || !pickable || attempt > 1) throw error;
      await f.io.err(`vcase: ${describeError(error).split('\n')[0]}\n`);
      const question = `${field === 'status' ? 'Status' : 'Initial status'} (the company's catalog)`;
      body = {
        ...body,
        [field]: await f.prompts.prompter.select(
          question,
          allowed.map((v) => ({ name: v, value: v })),
        ),
      };
    }
  }
}
