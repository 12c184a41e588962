import { PLAY_STYLE_LABELS, TEAM_TEXTS } from '@contract/teams';
import type { PlayStyle } from '../types';

export function RecruitingBadge() {
  return (
    <span className="inline-flex shrink-0 rounded-full bg-primary/15 px-2.5 py-0.5 text-xs font-semibold text-primary">
      {TEAM_TEXTS.recruitingFilter}
    </span>
  );
}

export function PlayStyleBadge({ playStyle }: { playStyle: PlayStyle | null }) {
  if (!playStyle) return null;
  return (
    <span className="inline-flex shrink-0 rounded-full border border-border px-2.5 py-0.5 text-xs font-medium">
      {PLAY_STYLE_LABELS[playStyle]}
    </span>
  );
}
