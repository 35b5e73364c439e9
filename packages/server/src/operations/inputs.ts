import { isUuid, webhookEventSchema } from '@vcase/shared';
import { validationError } from '../errors.js';

/** A body as an object: anything else reads as `{}` (the operation's schema has checked it). */
export const obj = (v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});

export function webhookEvent(value: string) {
  const parsed = webhookEventSchema.safeParse(value);
  if (!parsed.success) throw validationError(`Evento de webhook desconocido: ${value}`, { field: 'event' });
  return parsed.data;
}

/** A UUID from a path or query, lowercased as stored; anything else as given (it matches nothing). */
export const uuidParam = (value: string) => (isUuid(value) ? value.toLowerCase() : value);
