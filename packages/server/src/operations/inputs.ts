import { isUuid } from '@vcase/shared';

/** A UUID from a path or query, lowercased as stored; anything else as given (it matches nothing). */
export const uuidParam = (value: string) => (isUuid(value) ? value.toLowerCase() : value);
