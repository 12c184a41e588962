import type { TutorialDifficulty } from '@contract/tutorials';
import { cn } from '@web/lib/cn';

/** SPEC §2: Beginner green, Intermediate yellow, Advanced red (readable in both themes). */
export const DIFFICULTY_CLASSES: Record<TutorialDifficulty, string> = {
  Beginner: 'border-green-600/40 bg-green-500/15 text-green-800 dark:text-green-300',
  Intermediate: 'border-yellow-500/50 bg-yellow-400/20 text-yellow-800 dark:text-yellow-200',
  Advanced: 'border-red-600/40 bg-red-500/15 text-red-800 dark:text-red-300',
};

export function DifficultyBadge({
  difficulty,
  className,
}: {
  difficulty: TutorialDifficulty;
  className?: string;
}) {
  return (
    <span
      data-difficulty={difficulty}
      className={cn(
        'inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold',
        DIFFICULTY_CLASSES[difficulty],
        className,
      )}
    >
      {difficulty}
    </span>
  );
}
