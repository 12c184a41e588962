import type { Tutorial } from '@contract/tutorials';

export const tutorialId = (n: number) => `00000000-0000-4000-8000-0000000003${String(n).padStart(2, '0')}`;

export const aTutorial = (n: number, overrides: Partial<Tutorial> = {}): Tutorial => ({
  id: tutorialId(n),
  title: `Tutorial ${n}`,
  description: `Description ${n}`,
  content: null,
  image: null,
  category: 'How to Play',
  difficulty: 'Beginner',
  duration: '10 min',
  type: 'video',
  videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
  videoId: 'dQw4w9WgXcQ',
  youtubeData: { viewCount: 12_345, channelTitle: 'Airsoft Academy', channelId: 'UCacademy' },
  createdAt: '2026-03-04T12:00:00.000Z',
  updatedAt: '2026-03-04T12:00:00.000Z',
  canEdit: false,
  canDelete: false,
  ...overrides,
});

export const anArticleTutorial = (n: number, overrides: Partial<Tutorial> = {}): Tutorial =>
  aTutorial(n, {
    type: 'article',
    videoUrl: null,
    videoId: null,
    youtubeData: null,
    content: `## Step ${n}\n\nClean the barrel.`,
    ...overrides,
  });
