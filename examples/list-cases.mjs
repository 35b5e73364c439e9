// Walk every case of the company, page by page, without holding them all in memory.
// Usage: node list-cases.mjs   Env: VCASE_BASE_URL, VCASE_TOKEN (see README.md here).
import { Vcase } from '@vcase/sdk';

const vcase = new Vcase();
let count = 0;
for await (const c of vcase.cases.list({ limit: 100 })) {
  count++;
  console.log(`${c.created_at}  ${c.case_id}  ${c.internal_id}  ${c.review_status ?? ''}`);
}
console.error(`${count} cases`);
