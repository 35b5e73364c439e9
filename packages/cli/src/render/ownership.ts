import type { OwnershipChainLink, OwnershipChainResponse, OwnershipGap } from '@vcase/sdk';
import { paint, type Style } from '../ui/style.js';
import { heading, tsvLine } from '../ui/table.js';
import { chainNotReady, when } from './format.js';

type Node = { kind: 'owner'; link: OwnershipChainLink } | { kind: 'gap'; gap: OwnershipGap };

/** Owners in order, each gap placed just before the later owner it separates (or at the end). */
export function ownershipNodes(body: Pick<OwnershipChainResponse, 'chain' | 'gaps'>): Node[] {
  const links = [...body.chain].sort((a, b) => (a.sequence_index ?? 0) - (b.sequence_index ?? 0));
  const nodes: Node[] = [];
  const placed = new Set<OwnershipGap>();
  links.forEach((link, i) => {
    for (const gap of body.gaps) {
      const related = gap.related_sequence_indexes ?? [];
      if (i > 0 && !placed.has(gap) && related.length && Math.max(...related) === link.sequence_index) {
        nodes.push({ kind: 'gap', gap });
        placed.add(gap);
      }
    }
    nodes.push({ kind: 'owner', link });
  });
  for (const gap of body.gaps) if (!placed.has(gap)) nodes.push({ kind: 'gap', gap });
  return nodes;
}

/** The ownership chain as a tree, gaps marked (contract §2.6; fields beyond the known ones are left to --json). */
export function renderOwnership(body: OwnershipChainResponse, style: Style): string {
  const nodes = ownershipNodes(body);
  if (!style.tty) {
    return nodes
      .map((n) => {
        if (n.kind === 'gap') {
          return tsvLine(['gap', (n.gap.related_sequence_indexes ?? []).join(','), n.gap.gap_type, n.gap.from_owner, n.gap.to_owner]);
        }
        const l = n.link;
        const current = l.is_current ? 'current' : '';
        const period = [l.acquired_at, l.transferred_at];
        return tsvLine(['owner', l.sequence_index, l.display_name, l.person_type, l.role_label, ...period, l.match_status, current]);
      })
      .map((l) => l + '\n')
      .join('');
  }
  const chainStatus = paint(style, body.status === 'completed' ? 'green' : 'yellow', body.status);
  let out = heading(style, `Ownership chain · ${body.internal_id} · ${chainStatus}`);
  if (body.summary) {
    const s = body.summary;
    const gaps = s.gap_count ? paint(style, 'red', `${s.gap_count} gap${s.gap_count === 1 ? '' : 's'}`) : '0 gaps';
    const owners = `${s.owner_count} owner${s.owner_count === 1 ? '' : 's'}`;
    const generated = paint(style, 'dim', `generated ${when(s.generated_at)}`);
    out += `${owners} · ${gaps} · current ${paint(style, 'bold', s.current_owner ?? '—')} · pivot ${s.chain_pivot} · ${generated}\n`;
  }
  if (body.status !== 'completed') {
    const { text, hint } = chainNotReady(body);
    return out + paint(style, 'yellow', text) + hint + '\n';
  }
  if (body.message) out += paint(style, 'dim', body.message) + '\n';
  if (nodes.length === 0) return out + paint(style, 'dim', 'No owners found.') + '\n';
  out += '\n';
  nodes.forEach((n, i) => {
    const last = i === nodes.length - 1;
    const branch = last ? '└─ ' : '├─ ';
    const cont = last ? '   ' : '│  ';
    if (n.kind === 'gap') {
      const g = n.gap;
      const between = paint(style, 'dim', `${g.from_owner ?? '?'} → ${g.to_owner ?? '?'}`);
      out += `${branch}${paint(style, 'red', `⚠ gap: ${g.gap_type ?? 'unknown'}`)}  ${between}\n`;
      return;
    }
    const l = n.link;
    const head = [
      paint(style, 'dim', `#${l.sequence_index ?? '?'}`),
      paint(style, 'bold', l.display_name ?? '(no name)'),
      l.person_type ? paint(style, 'dim', l.person_type) : '',
      l.role_label ?? '',
      l.is_current ? paint(style, 'green', 'current') : '',
    ].filter(Boolean);
    out += `${branch}${head.join('  ')}\n`;
    const doc = l.source_document;
    const details = [
      l.acquired_at ? `acquired ${l.acquired_at}` : '',
      l.transferred_at ? `transferred ${l.transferred_at}` : '',
      doc ? [doc.document_type, doc.folio ? `folio ${doc.folio}` : ''].filter(Boolean).join(' ') : '',
      l.match_status ? (l.match_status === 'matched' ? paint(style, 'green', l.match_status) : paint(style, 'yellow', l.match_status)) : '',
    ].filter(Boolean);
    if (details.length) out += `${cont}   ${paint(style, 'dim', details.join(' · '))}\n`;
  });
  return out;
}
