import { parentPort } from 'node:worker_threads';
import type { BodyLimits } from '../bodyLimits.js';
import { prepareUpload } from './prepare.js';

/** A large upload's body, taken apart off the server's event loop (see ./offload.ts). */
export interface PrepareRequest {
  id: number;
  bytes: Uint8Array;
  limits: BodyLimits;
  fingerprint: boolean;
}

parentPort?.on('message', (req: PrepareRequest) => {
  try {
    const out = prepareUpload(req.bytes, req.limits, req.fingerprint);
    const transfer = out.kind === 'upload' && out.decoded ? [out.decoded.buffer as ArrayBuffer] : [];
    parentPort!.postMessage({ id: req.id, out }, transfer);
  } catch (err) {
    parentPort!.postMessage({ id: req.id, error: String((err as Error)?.message ?? err) });
  }
});
