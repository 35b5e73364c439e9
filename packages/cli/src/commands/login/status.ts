import { mask, profilesPath } from '../../credentials.js';
import type { Factory } from '../../factory.js';
import type { OutputFlags } from '../../kit.js';
import { renderTable } from '../../ui/table.js';

/** `vcase login --status`: the credentials in use, where each comes from, secrets masked. */
export async function statusRun(f: Factory, profile: string, flags: OutputFlags): Promise<void> {
  const { credentials, sources } = await f.clients.credentials();
  const rows = (['baseURL', 'token', 'apiKey', 'adminToken'] as const).map((field) => ({
    field,
    source: sources[field] ?? null,
    value: field === 'baseURL' ? (credentials[field] ?? null) : credentials[field] ? mask(credentials[field]) : null,
  }));
  const file = profilesPath(f.ctx);
  if (flags.json) return void (await f.io.json({ profile, file, credentials: rows }));
  const columns = [{ header: 'Credential' }, { header: 'Source' }, { header: 'Value', shrink: true }];
  await f.io.out(
    renderTable(
      f.io.style,
      columns,
      rows.map((r) => [r.field, r.source, r.value]),
    ),
  );
  if (f.io.style.tty) await f.io.out(`profile ${profile} · ${file}\n`);
}
