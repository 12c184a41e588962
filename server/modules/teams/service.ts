import { sql } from 'drizzle-orm';
import type { ProfileTeam } from '../../../contract';
import type { Db } from '../../db/client';
import { iso, rows } from '../../db/rows';

/** The short tag on profile team cards: the initials of the name's words (up to 4), or its first letters. */
export function teamTag(name: string): string {
  const words = name.split(/[^A-Za-z0-9]+/).filter(Boolean);
  const tag = words.length > 1 ? words.map((w) => w[0]).join('') : (words[0] ?? name).slice(0, 3);
  return tag.slice(0, 4).toUpperCase();
}

interface TeamRow {
  id: string;
  name: string;
  tagline: string | null;
  logo: string | null;
  play_style: string | null;
  role: string;
  joined_at: Date | string;
  member_count: number | string;
}

/** The teams a user belongs to, most recently joined first; `before` is the last team's id. */
export async function listUserTeams(
  db: Db,
  opts: { userId: string; limit: number; before?: string },
): Promise<ProfileTeam[]> {
  const cursor = opts.before
    ? sql`AND (m.joined_at, m.id) < (SELECT b.joined_at, b.id FROM team_members b
          WHERE b.user_id = ${opts.userId} AND b.team_id = ${opts.before})`
    : sql``;
  const result = await rows<TeamRow>(
    db,
    sql`SELECT t.id, t.name, t.tagline, t.logo, t.play_style, m.role, m.joined_at,
          (SELECT count(*) FROM team_members c WHERE c.team_id = t.id) AS member_count
        FROM team_members m JOIN teams t ON t.id = m.team_id
        WHERE m.user_id = ${opts.userId} ${cursor}
        ORDER BY m.joined_at DESC, m.id DESC
        LIMIT ${opts.limit}`,
  );
  return result.map((r) => ({
    id: r.id,
    name: r.name,
    tag: teamTag(r.name),
    tagline: r.tagline,
    logo: r.logo,
    playStyle: r.play_style,
    role: r.role,
    memberCount: Number(r.member_count),
    joinedAt: iso(r.joined_at),
  }));
}
