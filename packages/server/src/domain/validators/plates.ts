/** Plates (contract §2.4): uppercase, no separators: every character but letters and digits goes. */
export function normalizePlate(value: string): string {
  return value.toUpperCase().replace(/[^\p{L}\p{N}]/gu, '');
}

/**
 * A normalized string that can be a Mexican plate: 5–8 letters and digits with at least one
 * digit and one letter (private cars are mostly 6–7: `ABC1234`, `ABC123A`, `ABC1234`; motorcycles
 * and trailers are shorter or longer). A letter is any letter `normalizePlate` keeps (`Ñ`
 * included), so every plate the API publishes is judged by the same rule.
 */
export function isPlausiblePlate(normalized: string): boolean {
  return /^[\p{Lu}0-9]{5,8}$/u.test(normalized) && /\d/.test(normalized) && /\p{Lu}/u.test(normalized);
}
