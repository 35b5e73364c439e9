import type { Principal } from '../auth/principal.js';

/** The user behind an action, as webhook templates name them. */
export interface Actor {
  user_id: string;
  name: string | null;
  email: string | null;
}

export function actorOf(principal: Principal): Actor | null {
  if (principal.kind !== 'user') return null;
  return { user_id: principal.userId, name: principal.user.name, email: principal.user.email };
}
