import type { Team, TeamAbilities } from '../types';

/** What the viewer may do with a team, as the server's answer says it (SPEC §6; DESIGN §5). */
export function teamAbilities(team: Team): TeamAbilities {
  return team.abilities;
}
